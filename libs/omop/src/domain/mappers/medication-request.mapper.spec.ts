import { describe, expect, it } from 'vitest';
import { bundle, mapWithFixture } from '../test-support/fixture-concepts.js';

const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

const request = (extra: Record<string, unknown> = {}) => ({
  resourceType: 'MedicationRequest',
  id: 'mr1',
  status: 'active',
  intent: 'order',
  subject: { reference: 'Patient/p1' },
  encounter: { reference: 'Encounter/e1' },
  medicationCodeableConcept: { coding: [{ system: RXNORM, code: '314076' }] },
  authoredOn: '2020-01-02T10:00:00Z',
  ...extra,
});

describe('MedicationRequest → drug_exposure', () => {
  it('maps drug, dates from the supply, refills, quantity, sig and type (EHR prescription)', async () => {
    const result = await mapWithFixture(
      bundle(
        request({
          dosageInstruction: [{ text: 'one tablet daily' }],
          dispenseRequest: {
            numberOfRepeatsAllowed: 2,
            quantity: { value: 30 },
            expectedSupplyDuration: { value: 30, unit: 'days', code: 'd' },
          },
        }),
      ),
    );
    expect(result.tables.drug_exposure![0]).toMatchObject({
      drug_concept_id: 19080128,
      drug_source_value: '314076',
      drug_exposure_start_date: '2020-01-02',
      drug_exposure_end_date: '2020-02-01',
      verbatim_end_date: null,
      drug_type_concept_id: 32838,
      refills: 2,
      quantity: 30,
      days_supply: 30,
      sig: 'one tablet daily',
      visit_occurrence_id: result.tables.visit_occurrence![0].visit_occurrence_id,
    });
  });

  it('reads the drug from a contained Medication and ends a request without supply on its start day', async () => {
    const result = await mapWithFixture(
      bundle(
        request({
          medicationCodeableConcept: undefined,
          medicationReference: { reference: '#med' },
          contained: [
            {
              resourceType: 'Medication',
              id: 'med',
              code: { coding: [{ system: RXNORM, code: '314076' }] },
            },
          ],
        }),
      ),
    );
    expect(result.tables.drug_exposure![0]).toMatchObject({
      drug_concept_id: 19080128,
      drug_exposure_end_date: '2020-01-02',
    });
    expect(result.dropped).toEqual([]);
  });

  it('keeps intent=order and stopped orders (documented exception) and drops proposals and cancelled ones', async () => {
    const result = await mapWithFixture(
      bundle(
        request({ id: 'stopped', status: 'stopped' }),
        request({ id: 'proposal', intent: 'proposal' }),
        request({ id: 'cancelled', status: 'cancelled' }),
      ),
    );
    expect(result.tables.drug_exposure).toEqual([
      expect.objectContaining({ stop_reason: 'stopped' }),
    ]);
    expect(result.dropped.map((drop) => drop.resource_id)).toEqual(['proposal', 'cancelled']);
  });
});
