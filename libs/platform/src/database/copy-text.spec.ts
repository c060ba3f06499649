import { describe, expect, it } from 'vitest';
import { copyTextFields, copyTextLine, copyTextValue } from './copy-text.js';

describe('copyTextLine', () => {
  it('writes nulls as \\N and escapes backslashes, tabs and line breaks', () => {
    expect(copyTextLine([1, null, 'a\\b', 'tab\there', 'two\nlines\r', undefined, 2.5])).toBe(
      '1\t\\N\ta\\\\b\ttab\\there\ttwo\\nlines\\r\t\\N\t2.5\n',
    );
  });
});

describe('copyTextFields', () => {
  it('writes the named fields in the order of the names, as copyTextLine writes the values', () => {
    const record = { b: 'tab\there', a: 1, c: null };
    expect(copyTextFields(record, ['a', 'b', 'c', 'missing'])).toBe(
      copyTextLine([1, 'tab\there', null, undefined]),
    );
    expect(copyTextFields(record, ['a', 'b', 'c', 'missing'])).toBe('1\ttab\\there\t\\N\t\\N\n');
  });
});

describe('copyTextValue', () => {
  it.each([
    [null, '\\N'],
    [undefined, '\\N'],
    ['', ''],
    ['plain text', 'plain text'],
    ['\\N', '\\\\N'],
    ['a\tb\nc\rd\\e', 'a\\tb\\nc\\rd\\\\e'],
    [false, 'false'],
    [-3, '-3'],
  ])('%j → %j', (value, expected) => {
    expect(copyTextValue(value)).toBe(expected);
  });
});
