import { describe, expect, it } from 'vitest';
import { bundle, mapWithFixture } from '../test-support/fixture-concepts.js';

const immunization = (extra: Record<string, unknown> = {}) => ({
  resourceType: 'Immunization',
  id: 'i1',
  status: 'completed',
  patient: { reference: 'Patient/p1' },
  encounter: { reference: 'Encounter/e1' },
  vaccineCode: { coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '140' }] },
  occurrenceDateTime: '2020-01-02T10:40:00Z',
  ...extra,
});

describe('Immunization → drug_exposure', () => {
  it('maps vaccine, lot number, dose, route (IG ConceptMap) and type from primarySource', async () => {
    const result = await mapWithFixture(
      bundle(
        immunization({
          primarySource: true,
          lotNumber: 'LOT-1',
          doseQuantity: { value: 0.5, unit: 'mL' },
          route: {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/v3-RouteOfAdministration',
                code: 'IM',
              },
            ],
          },
        }),
      ),
    );
    expect(result.tables.drug_exposure![0]).toMatchObject({
      drug_concept_id: 40213152,
      drug_type_concept_id: 32818,
      lot_number: 'LOT-1',
      quantity: 0.5,
      route_concept_id: 4302612,
      route_source_value: 'IM',
      drug_exposure_end_date: '2020-01-02',
    });
    expect(
      result.mappings.find((mapping) => mapping.omop_field === 'route_concept_id')?.mapping_status,
    ).toBe('UNCHECKED');
  });

  it('takes the type from reportOrigin (patient recall → self-report) and drops not-done', async () => {
    const result = await mapWithFixture(
      bundle(
        immunization({ primarySource: false, reportOrigin: { coding: [{ code: 'recall' }] } }),
        immunization({ id: 'i2', status: 'not-done' }),
      ),
    );
    expect(result.tables.drug_exposure).toEqual([
      expect.objectContaining({ drug_type_concept_id: 32865 }),
    ]);
    expect(result.dropped.map((drop) => drop.resource_id)).toEqual(['i2']);
  });
});
