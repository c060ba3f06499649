import { describe, expect, it } from 'vitest';
import { copyTextLine } from './copy-text.js';

describe('copyTextLine', () => {
  it('writes nulls as \\N and escapes backslashes, tabs and line breaks', () => {
    expect(copyTextLine([1, null, 'a\\b', 'tab\there', 'two\nlines\r', undefined, 2.5])).toBe(
      '1\t\\N\ta\\\\b\ttab\\there\ttwo\\nlines\\r\t\\N\t2.5\n',
    );
  });
});
