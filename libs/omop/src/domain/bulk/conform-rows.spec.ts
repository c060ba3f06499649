import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cdmColumn, cutToLength, sqlText } from './cdm-columns.js';
import { conformRows } from './conform-rows.js';

const columns = [
  cdmColumn('drug_exposure_id', 'integer', false),
  cdmColumn('person_id', 'integer', false),
  cdmColumn('drug_concept_id', 'integer', false),
  cdmColumn('drug_exposure_start_date', 'date', false),
  cdmColumn('drug_exposure_start_datetime', 'timestamp without time zone', true),
  cdmColumn('quantity', 'numeric', true),
  cdmColumn('days_supply', 'integer', true),
  cdmColumn('drug_source_value', 'character varying', true, 5),
];

const row = (extra: Record<string, unknown> = {}) => ({
  drug_exposure_id: 1,
  person_id: 10,
  drug_concept_id: 1125315,
  drug_exposure_start_date: '2020-02-29',
  drug_exposure_start_datetime: '2020-02-29T10:00:00-05:00',
  quantity: 2.5,
  days_supply: 30,
  drug_source_value: 'abc',
  ...extra,
});

describe('conformRows', () => {
  it('turns a well-formed row into SQL text, column by column', () => {
    const result = conformRows('drug_exposure', [row()], columns, ['drug_exposure_id']);
    expect(result.rows).toEqual([
      {
        drug_exposure_id: '1',
        person_id: '10',
        drug_concept_id: '1125315',
        drug_exposure_start_date: '2020-02-29',
        drug_exposure_start_datetime: '2020-02-29T10:00:00-05:00',
        quantity: '2.5',
        days_supply: '30',
        drug_source_value: 'abc',
      },
    ]);
    expect(result.rejected).toEqual({});
    expect(result.adjusted).toEqual({});
  });

  it('cuts over-long text, nulls values of the wrong type, and counts both', () => {
    const result = conformRows(
      'drug_exposure',
      [row({ drug_source_value: 'abcdefgh', days_supply: 2.5, quantity: 'lots' })],
      columns,
      ['drug_exposure_id'],
    );
    expect(result.rows[0]).toMatchObject({
      drug_source_value: 'abcde',
      days_supply: null,
      quantity: null,
    });
    expect(result.adjusted).toEqual({
      'drug_exposure.drug_source_value: longer than 5 characters, cut': 1,
      'drug_exposure.days_supply: not a valid integer, written as null': 1,
      'drug_exposure.quantity: not a valid numeric, written as null': 1,
    });
  });

  it('writes concept 0 for an empty required concept, and rejects a row missing another required value', () => {
    const result = conformRows(
      'drug_exposure',
      [
        row({ drug_concept_id: null }),
        row({ drug_exposure_id: 2, drug_exposure_start_date: null }),
      ],
      columns,
      ['drug_exposure_id'],
    );
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0].drug_concept_id).toBe('0');
    expect(result.rejected).toEqual({
      'drug_exposure: drug_exposure_start_date is required and was empty': 1,
    });
  });

  it('rejects impossible dates rather than letting the database fail the batch', () => {
    const result = conformRows(
      'drug_exposure',
      [row({ drug_exposure_start_date: '2021-02-29' })],
      columns,
      ['drug_exposure_id'],
    );
    expect(result.rows).toHaveLength(0);
    expect(Object.keys(result.rejected)).toEqual([
      'drug_exposure: drug_exposure_start_date is required and was empty',
    ]);
  });

  it('keeps the last of two rows with one key and reports fields the table lacks', () => {
    const result = conformRows(
      'drug_exposure',
      [row({ quantity: 1 }), row({ quantity: 2, invented_column: 'x' })],
      columns,
      ['drug_exposure_id'],
    );
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0].quantity).toBe('2');
    expect(result.adjusted).toEqual({
      'drug_exposure: same id mapped twice, the last row kept': 1,
      'drug_exposure.invented_column: not a column of the CDM table, not written': 1,
    });
  });
});

describe('sqlText and cutToLength', () => {
  it.each([
    ['integer', 2 ** 31, false],
    ['integer', '42', true],
    ['bigint', 2 ** 40, true],
    ['numeric', Number.NaN, false],
    ['date', '2020-13-01', false],
    ['date', new Date(Date.UTC(2020, 0, 2)), true],
    ['timestamp without time zone', 'not a time', false],
    ['character varying', { nested: true }, false],
  ])('%s accepts %j: %s', (type, value, ok) => {
    expect(sqlText(cdmColumn('c', type, true, 10), value) !== undefined).toBe(ok);
  });

  it.each([
    ['2024-02-29', '2024-02-29'],
    ['2023-02-29', undefined],
    ['1900-02-29', undefined],
    ['2000-02-29', '2000-02-29'],
    ['2023-04-31', undefined],
    ['2023-04-30T23:59:59+02:00', '2023-04-30'],
    ['0000-01-01', undefined],
    ['0004-02-29', '0004-02-29'],
    ['2023-4-30', undefined],
    ['2023-0a-01', undefined],
  ])('a date column reads %s as %s', (text, expected) => {
    expect(sqlText(cdmColumn('c', 'date', true), text)).toBe(expected);
  });

  it.each([
    ['42', '42'],
    ['007', '7'],
    ['-3', '-3'],
    [12, '12'],
  ])('an integer column writes %j as %s', (value, expected) => {
    expect(sqlText(cdmColumn('c', 'integer', true), value)).toBe(expected);
  });

  it('cuts by characters, never inside a surrogate pair', () => {
    const column = cdmColumn('c', 'character varying', true, 2);
    expect(sqlText(column, '😀😀😀')).toBe('😀😀😀');
    expect(cutToLength(column, '😀😀😀')).toBe('😀😀');
  });

  it('cuts to the first code points, lone surrogates counted as one, whatever the text', () => {
    const units = fc.constantFrom('a', '\u00e9', '\ud83d', '\ude00', '😀', '\u4e2d');
    fc.assert(
      fc.property(
        fc.array(units, { maxLength: 40 }),
        fc.integer({ min: 1, max: 20 }),
        (parts, max) => {
          const text = parts.join('');
          const column = cdmColumn('c', 'character varying', true, max);
          const cut = cutToLength(column, text);
          if (text.length <= max) expect(cut).toBeUndefined();
          else expect(cut).toBe(Array.from(text).slice(0, max).join(''));
        },
      ),
    );
  });
});
