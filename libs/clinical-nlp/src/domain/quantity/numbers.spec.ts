import { describe, expect, it } from 'vitest';
import { parseNumber } from './numbers.js';

describe('parseNumber', () => {
  it.each([
    ['5', 5],
    ['2.5', 2.5],
    ['.5', 0.5],
    ['1,000', 1000],
    ['1/2', 0.5],
    ['3/4', 0.75],
    ['1 1/2', 1.5],
    ['½', 0.5],
    ['two', 2],
    ['Twelve', 12],
    ['twenty-five', 25],
    ['one-half', 0.5],
    ['half', 0.5],
  ])('%s → %d', (text, value) => {
    expect(parseNumber(text)).toBe(value);
  });

  it.each(['', 'abc', '1/0x', '5 mg'])('%j is not a number', (text) => {
    expect(parseNumber(text)).toBeUndefined();
  });
});
