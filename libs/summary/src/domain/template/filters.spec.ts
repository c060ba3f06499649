import { describe, expect, it } from 'vitest';
import { FILTERS, filterCallProblem } from './filters.js';

const context = { now: new Date('2025-06-15T12:00:00Z') };
const apply = (name: string, values: unknown[], argument: string | null = null) =>
  FILTERS[name].apply(
    values.map((value) => ({ value })),
    argument,
    context,
  );
const texts = (name: string, values: unknown[], argument: string | null = null) =>
  apply(name, values, argument).values.map((value) => value.value);

describe('placeholder filters', () => {
  it('age gives whole years at the injected moment', () => {
    expect(texts('age', ['1970-06-16', '1970-06-15'])).toEqual([54, 55]);
  });

  it('date and datetime format with a pattern or their default', () => {
    expect(texts('date', ['2020-03-04T05:06:07Z'])).toEqual(['2020-03-04']);
    expect(texts('date', ['2020-03-04'], 'd MMMM yyyy')).toEqual(['4 March 2020']);
    expect(texts('datetime', ['2020-03-04T05:06:07Z'])).toEqual(['2020-03-04 05:06']);
    expect(texts('datetime', ['2020-03-04'])).toEqual(['2020-03-04']);
  });

  it('drops values that are not dates with a note', () => {
    expect(apply('date', ['soon'])).toEqual({ values: [], notes: ['date: "soon" is not a date'] });
  });

  it('changes case, picks, joins and counts', () => {
    expect(texts('upper', ['abc'])).toEqual(['ABC']);
    expect(texts('lower', [{ text: 'Asthma' }])).toEqual(['asthma']);
    expect(texts('capitalize', ['male'])).toEqual(['Male']);
    expect(texts('first', ['a', 'b'])).toEqual(['a']);
    expect(texts('last', ['a', 'b'])).toEqual(['b']);
    expect(texts('join', ['Ann', 'Beth'])).toEqual(['Ann Beth']);
    expect(texts('join', ['Ann', 'Beth'], ', ')).toEqual(['Ann, Beth']);
    expect(texts('join', [])).toEqual([]);
    expect(texts('count', ['a', 'b'])).toEqual([2]);
    expect(texts('count', [])).toEqual([0]);
  });

  it('default stands in only for nothing', () => {
    expect(texts('default', [], 'unknown')).toEqual(['unknown']);
    expect(texts('default', ['x'], 'unknown')).toEqual(['x']);
  });

  it('checks filter calls', () => {
    expect(filterCallProblem('date', 'MMMM yyyy')).toBeNull();
    expect(filterCallProblem('nope', null)).toMatch(/^unknown filter "nope"/);
    expect(filterCallProblem('count', 'x')).toBe('filter count takes no argument');
    expect(filterCallProblem('default', null)).toMatch(/needs an argument/);
  });
});
