import { describe, expect, it } from 'vitest';
import { bundle, mapWithFixture } from '../test-support/fixture-concepts.js';

describe('DiagnosticReport', () => {
  it('maps contained results with the report’s subject and time, and its conclusion codes', async () => {
    const result = await mapWithFixture(
      bundle({
        resourceType: 'DiagnosticReport',
        id: 'dr1',
        status: 'final',
        subject: { reference: 'Patient/p1' },
        effectiveDateTime: '2020-01-02T09:00:00Z',
        result: [{ reference: '#r1' }, { reference: 'Observation/elsewhere' }],
        conclusionCode: [{ coding: [{ system: 'http://snomed.info/sct', code: '59621000' }] }],
        contained: [
          {
            resourceType: 'Observation',
            id: 'r1',
            status: 'final',
            code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
            valueQuantity: { value: 70, code: 'kg' },
          },
        ],
      }),
    );
    expect(result.tables.measurement).toEqual([
      expect.objectContaining({
        measurement_concept_id: 3025315,
        measurement_date: '2020-01-02',
        value_as_number: 70,
      }),
    ]);
    expect(result.tables.condition_occurrence).toEqual([
      expect.objectContaining({ condition_concept_id: 320128 }),
    ]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        path: 'result[1]',
        outcome: 'UNRESOLVED',
        reference: 'Observation/elsewhere',
      }),
    ]);
  });

  it('writes a report that is only text as a note, and drops one with nothing to record', async () => {
    const result = await mapWithFixture(
      bundle(
        {
          resourceType: 'DiagnosticReport',
          id: 'note',
          status: 'final',
          subject: { reference: 'Patient/p1' },
          issued: '2020-01-02T10:00:00Z',
          presentedForm: [{ contentType: 'text/plain', data: 'aGk=' }],
        },
        {
          resourceType: 'DiagnosticReport',
          id: 'empty',
          status: 'final',
          subject: { reference: 'Patient/p1' },
          issued: '2020-01-02T10:00:00Z',
        },
      ),
    );
    expect(result.tables.note).toEqual([
      expect.objectContaining({
        note_text: 'hi',
        note_date: '2020-01-02',
        encoding_concept_id: 32678,
      }),
    ]);
    expect(result.dropped).toEqual([
      expect.objectContaining({
        resource_id: 'empty',
        reason: expect.stringContaining('nothing to record'),
      }),
    ]);
  });
});
