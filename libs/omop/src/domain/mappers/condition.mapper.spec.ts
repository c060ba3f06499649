import { describe, expect, it } from 'vitest';
import { bundle, mapWithFixture } from '../test-support/fixture-concepts.js';

const SNOMED = 'http://snomed.info/sct';

function condition(code: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    resourceType: 'Condition',
    id: 'c1',
    subject: { reference: 'Patient/p1' },
    encounter: { reference: 'Encounter/e1' },
    code,
    onsetDateTime: '2020-01-02T10:30:00Z',
    ...extra,
  };
}

describe('Condition → condition_occurrence', () => {
  it('maps the selected code, dates, visit, type and status; the other codings are reported as not selected', async () => {
    const result = await mapWithFixture(
      bundle(
        condition(
          {
            coding: [
              { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'I10' },
              { system: SNOMED, code: '59621000', display: 'Essential hypertension' },
            ],
          },
          {
            category: [{ coding: [{ code: 'problem-list-item' }] }],
            clinicalStatus: { coding: [{ code: 'resolved' }] },
            abatementDateTime: '2021-05-06',
          },
        ),
      ),
    );
    const [row] = result.tables.condition_occurrence!;
    expect(row).toMatchObject({
      condition_concept_id: 320128,
      condition_source_value: '59621000',
      condition_source_concept_id: 320128,
      condition_start_date: '2020-01-02',
      condition_start_datetime: '2020-01-02T10:30:00Z',
      condition_end_date: '2021-05-06',
      condition_type_concept_id: 32840,
      condition_status_source_value: 'resolved',
      visit_occurrence_id: result.tables.visit_occurrence![0].visit_occurrence_id,
    });
    const codes = result.mappings.filter(
      (mapping) => mapping.omop_field === 'condition_concept_id',
    );
    expect(
      codes.map((mapping) => [mapping.source_code, mapping.selected, mapping.mapping_status]),
    ).toEqual([
      ['I10', false, 'MAPPED'],
      ['59621000', true, 'ALREADY_STANDARD'],
    ]);
    expect(codes[0].note).toMatch(/not selected/);
    expect(codes[1]).toMatchObject({
      omop_table: 'condition_occurrence',
      omop_id: row.condition_occurrence_id,
      target_name: 'Essential hypertension',
    });
  });

  it('routes a condition coded in the Observation domain to observation with DOMAIN_MISMATCH', async () => {
    const result = await mapWithFixture(
      bundle(condition({ coding: [{ system: SNOMED, code: '160903007' }] })),
    );
    expect(result.tables.condition_occurrence).toBeUndefined();
    expect(result.tables.observation).toEqual([
      expect.objectContaining({
        observation_concept_id: 4053118,
        observation_source_value: '160903007',
      }),
    ]);
    expect(result.mappings[result.mappings.length - 1]).toMatchObject({
      omop_table: 'observation',
      omop_field: 'observation_concept_id',
      resolution: { status: 'DOMAIN_MISMATCH', reason_code: 'DOMAIN_MISMATCH' },
      note: expect.stringContaining('Observation domain'),
    });
  });

  it('writes concept 0 and keeps the source for an unmapped code, never silently', async () => {
    const unknown = await mapWithFixture(
      bundle(condition({ coding: [{ system: SNOMED, code: '999999999' }] })),
    );
    // No concept at all: the record stays in the table of its resource type.
    expect(unknown.tables.condition_occurrence![0]).toMatchObject({
      condition_concept_id: 0,
      condition_source_concept_id: 0,
      condition_source_value: '999999999',
    });
    expect(unknown.summary).toMatchObject({ codes_unmapped: 1 });
    // A source concept without a standard map: its own domain decides the table.
    const unmapped = await mapWithFixture(
      bundle(condition({ coding: [{ system: SNOMED, code: '167297006' }] })),
    );
    expect(unmapped.tables.measurement![0]).toMatchObject({
      measurement_concept_id: 0,
      measurement_source_concept_id: 4041884,
    });
    expect(unmapped.mappings.at(-1)).toMatchObject({
      mapping_status: 'UNMAPPED',
      resolution: { status: 'UNRESOLVED', reason_code: 'NO_STANDARD_MAP' },
      note: expect.stringContaining('the source concept is in the Measurement domain'),
    });
  });

  it('drops refuted, entered-in-error and undated conditions, and those without a patient', async () => {
    const result = await mapWithFixture(
      bundle(
        condition(
          { text: 'x' },
          { id: 'refuted', verificationStatus: { coding: [{ code: 'refuted' }] } },
        ),
        condition({ text: 'x' }, { id: 'error', status: 'entered-in-error' }),
        condition({ text: 'x' }, { id: 'undated', onsetDateTime: undefined }),
        condition({ text: 'x' }, { id: 'orphan', subject: { reference: 'Patient/other' } }),
      ),
    );
    expect(result.dropped.map((drop) => [drop.resource_id, drop.reason])).toEqual([
      ['refuted', 'verificationStatus refuted'],
      ['error', 'status is entered-in-error'],
      ['undated', expect.stringContaining('condition_start_date is required')],
      ['orphan', 'subject does not lead to a Patient in the request'],
    ]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ resource_id: 'orphan', path: 'subject', outcome: 'UNRESOLVED' }),
    ]);
  });
});
