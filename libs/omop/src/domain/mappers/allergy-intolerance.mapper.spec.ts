import { describe, expect, it } from 'vitest';
import { bundle, mapWithFixture } from '../test-support/fixture-concepts.js';

const allergy = (extra: Record<string, unknown>) => ({
  resourceType: 'AllergyIntolerance',
  id: 'a1',
  patient: { reference: 'Patient/p1' },
  recordedDate: '2019-06-01',
  code: { coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '314076' }] },
  ...extra,
});

describe('AllergyIntolerance → observation (value as concept)', () => {
  it('writes the kind of reaction as the concept and the substance as the value', async () => {
    const result = await mapWithFixture(
      bundle(allergy({ type: 'allergy', category: ['medication'] })),
    );
    expect(result.tables.observation![0]).toMatchObject({
      observation_concept_id: 439224,
      value_as_concept_id: 19080128,
      value_source_value: '314076',
      observation_source_value: '314076',
      observation_date: '2019-06-01',
    });
    expect(
      result.mappings.map((mapping) => [
        mapping.omop_field,
        mapping.source_code,
        mapping.mapping_status,
      ]),
    ).toContainEqual(['value_as_concept_id', '314076', 'ALREADY_STANDARD']);
  });

  it('uses the intolerance map, the no-category default, and drops refuted ones', async () => {
    const result = await mapWithFixture(
      bundle(
        allergy({ id: 'i', type: 'intolerance', category: ['food'] }),
        allergy({ id: 'n' }),
        allergy({ id: 'r', verificationStatus: { coding: [{ code: 'refuted' }] } }),
      ),
    );
    expect(result.tables.observation!.map((row) => row.observation_concept_id)).toEqual([
      4340252, 43530807,
    ]);
    expect(result.dropped).toEqual([expect.objectContaining({ resource_id: 'r' })]);
  });
});
