import { describe, expect, it } from 'vitest';
import type { ForeignKey } from './cdm-constraints.js';
import type { SqlRow } from './conform-rows.js';
import {
  enforceForeignKeys,
  referencesOutsideBatch,
  writeOrder,
  type BatchTables,
} from './foreign-keys.js';

const key = (
  table: string,
  column: string,
  refTable: string,
  refColumn = `${refTable}_id`,
): ForeignKey => ({
  name: `fpk_${table}_${column}`,
  table,
  column,
  refTable,
  refColumn,
});

const KEYS = [
  key('person', 'gender_concept_id', 'concept', 'concept_id'),
  key('person', 'provider_id', 'provider'),
  key('visit_occurrence', 'person_id', 'person'),
  key('visit_occurrence', 'provider_id', 'provider'),
  key('visit_occurrence', 'preceding_visit_occurrence_id', 'visit_occurrence'),
  key('condition_occurrence', 'person_id', 'person'),
  key('condition_occurrence', 'visit_occurrence_id', 'visit_occurrence'),
  key('condition_occurrence', 'condition_concept_id', 'concept', 'concept_id'),
];
const NULLABLE = new Set(['provider_id', 'visit_occurrence_id', 'preceding_visit_occurrence_id']);
const nullable = (_table: string, column: string) => NULLABLE.has(column);

function batch(): BatchTables {
  return new Map<string, SqlRow[]>([
    ['person', [{ person_id: '1', gender_concept_id: '8507', provider_id: '5' }]],
    [
      'visit_occurrence',
      [
        {
          visit_occurrence_id: '10',
          person_id: '1',
          provider_id: null,
          preceding_visit_occurrence_id: null,
        },
        {
          visit_occurrence_id: '11',
          person_id: '2',
          provider_id: '6',
          preceding_visit_occurrence_id: '10',
        },
      ],
    ],
    [
      'condition_occurrence',
      [
        {
          condition_occurrence_id: '100',
          person_id: '1',
          visit_occurrence_id: '11',
          condition_concept_id: '999',
        },
        {
          condition_occurrence_id: '101',
          person_id: '1',
          visit_occurrence_id: '10',
          condition_concept_id: '8507',
        },
      ],
    ],
  ]);
}

describe('referencesOutsideBatch', () => {
  it('lists ids the rows point at that the batch does not provide', () => {
    const outside = referencesOutsideBatch(batch(), KEYS);
    expect(outside.get('concept')).toEqual(new Set(['8507', '999']));
    expect(outside.get('provider')).toEqual(new Set(['5', '6']));
    expect(outside.get('person')).toEqual(new Set(['2']));
    expect(outside.has('visit_occurrence')).toBe(false);
  });
});

describe('enforceForeignKeys', () => {
  it('zeroes unknown concepts, nulls dangling optional references, and drops rows whose parent is missing, transitively', () => {
    const tables = batch();
    const existing = new Map([
      ['concept', new Set(['8507'])],
      ['provider', new Set(['5'])],
      ['person', new Set<string>()],
    ]);
    const result = enforceForeignKeys(tables, KEYS, existing, nullable);

    expect(tables.get('person')).toEqual([
      { person_id: '1', gender_concept_id: '8507', provider_id: '5' },
    ]);
    // Visit 11 belongs to person 2, who is neither in the batch nor in the target.
    expect(tables.get('visit_occurrence')!.map((row) => row.visit_occurrence_id)).toEqual(['10']);
    // Its condition keeps its person but loses the visit; the unknown concept becomes 0.
    expect(tables.get('condition_occurrence')).toEqual([
      {
        condition_occurrence_id: '100',
        person_id: '1',
        visit_occurrence_id: null,
        condition_concept_id: '0',
      },
      {
        condition_occurrence_id: '101',
        person_id: '1',
        visit_occurrence_id: '10',
        condition_concept_id: '8507',
      },
    ]);
    expect(result.rejected).toEqual({ 'visit_occurrence: person_id points at no person row': 1 });
    expect(result.adjusted).toEqual({
      'condition_occurrence.condition_concept_id: concept not in the target vocabulary, written as 0': 1,
      'condition_occurrence.visit_occurrence_id: points at no visit_occurrence row, written as null': 1,
    });
  });

  it('accepts references to rows already in the target', () => {
    const tables = batch();
    const existing = new Map([
      ['concept', new Set(['8507', '999'])],
      ['provider', new Set(['5', '6'])],
      ['person', new Set(['2'])],
    ]);
    const result = enforceForeignKeys(tables, KEYS, existing, nullable);
    expect(result).toEqual({ rejected: {}, adjusted: {} });
    expect(tables.get('visit_occurrence')).toHaveLength(2);
  });
});

describe('writeOrder', () => {
  it('puts referenced tables first and ignores self references', () => {
    expect(
      writeOrder(['condition_occurrence', 'visit_occurrence', 'person', 'provider'], KEYS),
    ).toEqual(['provider', 'person', 'visit_occurrence', 'condition_occurrence']);
  });

  it('refuses a cycle', () => {
    expect(() => writeOrder(['a', 'b'], [key('a', 'b_id', 'b'), key('b', 'a_id', 'a')])).toThrow(
      /cycle/,
    );
  });
});
