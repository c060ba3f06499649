import { describe, expect, it } from 'vitest';
import { bundle, mapWithFixture } from '../test-support/fixture-concepts.js';

const procedure = (code: string, extra: Record<string, unknown> = {}) => ({
  resourceType: 'Procedure',
  id: 'pr1',
  status: 'completed',
  subject: { reference: 'Patient/p1' },
  encounter: { reference: 'Encounter/e1' },
  code: { coding: [{ system: 'http://snomed.info/sct', code }] },
  performedPeriod: { start: '2020-01-02T10:00:00Z', end: '2020-01-02T10:20:00Z' },
  ...extra,
});

describe('Procedure → procedure_occurrence', () => {
  it('routes a procedure whose concept is in the Measurement domain to measurement', async () => {
    const result = await mapWithFixture(bundle(procedure('113076002')));
    expect(result.tables.measurement).toEqual([
      expect.objectContaining({
        measurement_concept_id: 4012477,
        measurement_date: '2020-01-02',
        unit_concept_id: 0,
        unit_source_concept_id: 0,
      }),
    ]);
    expect(result.mappings.at(-1)?.resolution.status).toBe('DOMAIN_MISMATCH');
  });

  it('keeps an unmapped procedure in procedure_occurrence with its period', async () => {
    const result = await mapWithFixture(bundle(procedure('999999999')));
    expect(result.tables.procedure_occurrence![0]).toMatchObject({
      procedure_concept_id: 0,
      procedure_source_value: '999999999',
      procedure_datetime: '2020-01-02T10:00:00Z',
      procedure_end_datetime: '2020-01-02T10:20:00Z',
      procedure_type_concept_id: 32817,
    });
  });

  it('records a concept of a domain without a table here (Device) in observation (IG f2o-081)', async () => {
    const result = await mapWithFixture(bundle(procedure('228869008')));
    expect(result.tables.observation).toEqual([
      expect.objectContaining({ observation_concept_id: 4045112 }),
    ]);
    expect(result.mappings.at(-1)).toMatchObject({
      resolution: { status: 'DOMAIN_MISMATCH' },
      note: expect.stringContaining('Device domain, which has no table in this response'),
    });
  });

  it('drops a procedure whose modifierExtension changes its meaning (IG f2o-063)', async () => {
    const result = await mapWithFixture(
      bundle(
        procedure('113076002', {
          modifierExtension: [{ url: 'http://example.org/negated', valueBoolean: true }],
        }),
      ),
    );
    expect(result.tables.measurement).toBeUndefined();
    expect(result.dropped).toEqual([
      expect.objectContaining({
        resource_id: 'pr1',
        reason: expect.stringContaining('modifierExtension'),
      }),
    ]);
  });

  it('skips performers that are not providers without a diagnostic', async () => {
    const result = await mapWithFixture(
      bundle(
        { resourceType: 'Organization', id: 'lab' },
        procedure('999999999', {
          performer: [
            { actor: { reference: 'Organization/lab' } },
            { actor: { reference: 'Practitioner/gone' } },
          ],
        }),
      ),
    );
    expect(result.tables.procedure_occurrence![0].provider_id).toBeNull();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ path: 'performer[1].actor', outcome: 'UNRESOLVED' }),
    ]);
  });

  it('drops procedures that did not happen', async () => {
    const result = await mapWithFixture(bundle(procedure('113076002', { status: 'not-done' })));
    expect(result.dropped).toEqual([
      {
        resource_type: 'Procedure',
        resource_id: 'pr1',
        reason: 'status not-done: the event did not happen',
      },
    ]);
  });
});
