import { describe, expect, it } from 'vitest';
import { bundle, mapWithFixture } from '../test-support/fixture-concepts.js';
import type { MeasurementRow, ObservationRow } from '../model/omop-rows.js';

const LOINC = 'http://loinc.org';
const SNOMED = 'http://snomed.info/sct';

const observation = (id: string, extra: Record<string, unknown>) => ({
  resourceType: 'Observation',
  id,
  status: 'final',
  subject: { reference: 'Patient/p1' },
  encounter: { reference: 'Encounter/e1' },
  effectiveDateTime: '2020-01-02T10:05:00Z',
  ...extra,
});

describe('Observation → measurement / observation', () => {
  it('writes each component of a panel without value as its own measurement, with unit and range', async () => {
    const result = await mapWithFixture(
      bundle(
        observation('bp', {
          category: [{ coding: [{ code: 'vital-signs' }] }],
          code: { coding: [{ system: LOINC, code: '85354-9' }] },
          component: [
            {
              code: { coding: [{ system: LOINC, code: '8480-6' }] },
              valueQuantity: {
                value: 120,
                unit: 'mmHg',
                system: 'http://unitsofmeasure.org',
                code: 'mmHg',
              },
              referenceRange: [{ low: { value: 90 }, high: { value: 130 } }],
            },
            {
              code: { coding: [{ system: LOINC, code: '8462-4' }] },
              valueQuantity: { value: 80, code: 'mm[Hg]' },
            },
          ],
        }),
      ),
    );
    const rows = result.tables.measurement!;
    expect(
      rows.map((row) => [
        row.measurement_concept_id,
        row.value_as_number,
        row.unit_concept_id,
        row.unit_source_value,
      ]),
    ).toEqual([
      [3004249, 120, 8876, 'mmHg'],
      [3012888, 80, 8876, 'mm[Hg]'],
    ]);
    expect(rows[0]).toMatchObject({
      range_low: 90,
      range_high: 130,
      unit_source_concept_id: 8876,
      measurement_type_concept_id: 32817,
    });
    expect(new Set(rows.map((row) => row.measurement_id)).size).toBe(2);
    const units = result.mappings.filter((mapping) => mapping.omop_field === 'unit_concept_id');
    expect(units.map((mapping) => [mapping.mapping_status, mapping.note])).toEqual([
      ['MAPPED', expect.stringContaining('mm[Hg]')],
      ['ALREADY_STANDARD', undefined],
    ]);
  });

  it('reads every value[x] type', async () => {
    const weight = { coding: [{ system: LOINC, code: '29463-7' }] };
    const finding = { coding: [{ system: SNOMED, code: '160903007' }] };
    const result = await mapWithFixture(
      bundle(
        observation('lt', {
          code: weight,
          valueQuantity: { value: 5, comparator: '<', unit: 'kg', code: 'kg' },
        }),
        observation('int', { code: weight, valueInteger: 7 }),
        observation('cc', {
          code: finding,
          valueCodeableConcept: { coding: [{ system: SNOMED, code: '59621000' }] },
        }),
        observation('str', { code: finding, valueString: 'smokes on weekends' }),
        observation('bool', { code: finding, valueBoolean: true }),
        observation('range', {
          code: finding,
          valueRange: { low: { value: 1, code: 'kg' }, high: { value: 2, code: 'kg' } },
        }),
        observation('ratio', {
          code: weight,
          valueRatio: { numerator: { value: 1, code: 'kg' }, denominator: { value: 4 } },
        }),
        observation('period', {
          code: finding,
          valuePeriod: { start: '2020-01-01', end: '2020-01-02' },
        }),
        observation('lab', {
          code: weight,
          category: [{ coding: [{ code: 'laboratory' }] }],
          valueQuantity: { value: 70, unit: 'kg' },
        }),
      ),
    );
    const measurement = (id: string) =>
      result.tables.measurement!.find(
        (row) => row.measurement_id === idOf(id, 'measurement'),
      ) as MeasurementRow;
    const observationRow = (id: string) =>
      result.tables.observation!.find(
        (row) => row.observation_id === idOf(id, 'observation'),
      ) as ObservationRow;
    const idOf = (resourceId: string, table: string) =>
      result.mappings.find(
        (mapping) => mapping.resource_id === resourceId && mapping.omop_table === table,
      )!.omop_id;
    expect(measurement('lt')).toMatchObject({
      value_as_number: 5,
      operator_concept_id: 4171756,
      unit_concept_id: 9529,
      value_source_value: '<5',
    });
    expect(measurement('int')).toMatchObject({ value_as_number: 7, unit_concept_id: 0 });
    expect(observationRow('cc')).toMatchObject({
      observation_concept_id: 4053118,
      value_as_concept_id: 320128,
      value_source_value: '59621000',
    });
    expect(observationRow('str')).toMatchObject({ value_as_string: 'smokes on weekends' });
    expect(observationRow('bool')).toMatchObject({
      value_as_concept_id: 4188539,
      value_source_value: 'true',
    });
    expect(observationRow('range')).toMatchObject({
      value_as_string: '1-2',
      unit_concept_id: 9529,
    });
    expect(measurement('ratio')).toMatchObject({
      value_as_number: 0.25,
      value_source_value: '1:4',
    });
    expect(observationRow('period')).toMatchObject({ value_as_string: '2020-01-01/2020-01-02' });
    expect(measurement('lab')).toMatchObject({ measurement_type_concept_id: 32856 });
    expect(
      result.mappings.find(
        (mapping) => mapping.resource_id === 'cc' && mapping.omop_field === 'value_as_concept_id',
      ),
    ).toMatchObject({
      mapping_status: 'ALREADY_STANDARD',
      target_code: '59621000',
    });
  });

  it('records an AMBIGUOUS code with the rule that chose its target', async () => {
    const result = await mapWithFixture(
      bundle(observation('smoke', { code: { coding: [{ system: SNOMED, code: '8517006' }] } })),
    );
    expect(result.tables.observation![0].observation_concept_id).toBe(903651);
    expect(result.mappings.at(-1)).toMatchObject({
      mapping_status: 'MAPPED',
      resolution: { status: 'AMBIGUOUS', reason_code: 'AMBIGUOUS', via: 'DIRECT' },
      note: expect.stringMatching(/2 standard targets: 903651 .*1340204 .*used 903651/),
    });
  });

  it('drops registered and cancelled observations, and those without any date', async () => {
    const code = { coding: [{ system: LOINC, code: '29463-7' }] };
    const result = await mapWithFixture(
      bundle(
        observation('registered', { status: 'registered', code }),
        observation('undated', { code, effectiveDateTime: undefined }),
      ),
    );
    expect(result.dropped.map((drop) => drop.resource_id)).toEqual(['registered', 'undated']);
  });
});
