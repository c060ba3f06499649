import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('keeps dotted abbreviations, slashes and hyphens inside words', () => {
    const tokens = tokenize('Take b.i.d. p.o., r/o MI; non-tender');
    expect(tokens.map((t) => t.norm)).toEqual([
      'take',
      'bid',
      'po',
      ',',
      'r/o',
      'mi',
      ';',
      'non-tender',
    ]);
    expect(tokens[1].text).toBe('b.i.d.');
  });

  it('reads decimals and thousands as one number', () => {
    const tokens = tokenize('Hgb 10.5, plt 250,000 and .5 mg');
    expect(tokens.filter((t) => t.kind === 'number').map((t) => t.norm)).toEqual([
      '10.5',
      '250000',
      '.5',
    ]);
  });

  it('gives offsets into the text, within a range when asked', () => {
    const text = 'no chest pain';
    const tokens = tokenize(text, 3);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(['chest', 'pain']);
    expect(tokenize(text, 0, 2).map((t) => t.text)).toEqual(['no']);
  });

  it('normalises apostrophes and case', () => {
    expect(tokenize('Patient’s MOTHER').map((t) => t.norm)).toEqual(["patient's", 'mother']);
  });
});
