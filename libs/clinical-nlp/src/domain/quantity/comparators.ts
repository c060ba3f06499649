import type { Quantity } from '../clinical-analysis.js';

type Comparator = NonNullable<Quantity['comparator']>;

const COMPARATORS: Readonly<Record<string, Comparator>> = {
  '<': '<',
  '<=': '<=',
  '=<': '<=',
  '≤': '<=',
  '>': '>',
  '>=': '>=',
  '=>': '>=',
  '≥': '>=',
  'less than': '<',
  'lower than': '<',
  under: '<',
  below: '<',
  'fewer than': '<',
  'more than': '>',
  'greater than': '>',
  'higher than': '>',
  over: '>',
  above: '>',
  'at least': '>=',
  'no less than': '>=',
  'not less than': '>=',
  'greater than or equal to': '>=',
  'at most': '<=',
  'no more than': '<=',
  'not more than': '<=',
  'up to': '<=',
  'less than or equal to': '<=',
};

/** A comparator before a number: symbols and their English forms, longest first. */
export const COMPARATOR_SOURCE = `(?:${Object.keys(COMPARATORS)
  .sort((a, b) => b.length - a.length)
  .map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
  .join('|')})`;

export function parseComparator(raw: string): Comparator | undefined {
  return COMPARATORS[raw.trim().toLowerCase().replace(/\s+/g, ' ')];
}
