import { describe, expect, it } from 'vitest';
import { bundle, mapWithFixture } from '../test-support/fixture-concepts.js';

const DRUG = {
  coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '314076' }],
};
const SUBJECT = { subject: { reference: 'Patient/p1' } };

describe('MedicationStatement, MedicationAdministration, MedicationDispense → drug_exposure', () => {
  it('MedicationStatement: patient-reported when the patient is the information source', async () => {
    const result = await mapWithFixture(
      bundle({
        resourceType: 'MedicationStatement',
        id: 'ms1',
        status: 'active',
        ...SUBJECT,
        medicationCodeableConcept: DRUG,
        effectivePeriod: { start: '2019-01-01', end: '2019-03-01' },
        informationSource: { reference: 'Patient/p1' },
      }),
    );
    expect(result.tables.drug_exposure![0]).toMatchObject({
      drug_concept_id: 19080128,
      drug_exposure_start_date: '2019-01-01',
      drug_exposure_end_date: '2019-03-01',
      drug_type_concept_id: 32865,
      provider_id: null,
    });
  });

  it('MedicationStatement: not-taken is dropped', async () => {
    const result = await mapWithFixture(
      bundle({
        resourceType: 'MedicationStatement',
        id: 'ms2',
        status: 'not-taken',
        ...SUBJECT,
        medicationCodeableConcept: DRUG,
        effectiveDateTime: '2019-01-01',
      }),
    );
    expect(result.dropped).toEqual([
      expect.objectContaining({ resource_id: 'ms2', reason: expect.stringContaining('not-taken') }),
    ]);
  });

  it('MedicationAdministration: EHR administration record with the dose as quantity', async () => {
    const result = await mapWithFixture(
      bundle({
        resourceType: 'MedicationAdministration',
        id: 'ma1',
        status: 'completed',
        ...SUBJECT,
        context: { reference: 'Encounter/e1' },
        medicationCodeableConcept: DRUG,
        effectiveDateTime: '2020-01-02T10:15:00Z',
        dosage: { dose: { value: 10, unit: 'mg' } },
      }),
    );
    expect(result.tables.drug_exposure![0]).toMatchObject({
      drug_type_concept_id: 32818,
      quantity: 10,
      drug_exposure_start_datetime: '2020-01-02T10:15:00Z',
      visit_occurrence_id: result.tables.visit_occurrence![0].visit_occurrence_id,
    });
  });

  it('MedicationDispense: EHR dispensing record ending after its days supply', async () => {
    const result = await mapWithFixture(
      bundle({
        resourceType: 'MedicationDispense',
        id: 'md1',
        status: 'completed',
        ...SUBJECT,
        medicationCodeableConcept: DRUG,
        whenHandedOver: '2020-01-10',
        quantity: { value: 60 },
        daysSupply: { value: 30, unit: 'Day', code: 'd' },
      }),
    );
    expect(result.tables.drug_exposure![0]).toMatchObject({
      drug_type_concept_id: 32825,
      drug_exposure_start_date: '2020-01-10',
      drug_exposure_end_date: '2020-02-09',
      quantity: 60,
      days_supply: 30,
    });
  });
});
