import { describe, expect, it } from 'vitest';
import { readUcum } from './ucum-normalizer.js';

describe('readUcum', () => {
  it('accepts valid UCUM codes as they are', () => {
    expect(readUcum('mg/dL')).toEqual({ kind: 'valid', code: 'mg/dL' });
    expect(readUcum('mm[Hg]')).toEqual({ kind: 'valid', code: 'mm[Hg]' });
    expect(readUcum('%')).toEqual({ kind: 'valid', code: '%' });
  });

  it('normalises common EHR spellings and what UCUM itself corrects', () => {
    expect(readUcum('mmHg')).toMatchObject({ kind: 'normalized', code: 'mm[Hg]' });
    expect(readUcum('beats/minute')).toMatchObject({ kind: 'normalized', code: '/min' });
    expect(readUcum('degF')).toMatchObject({ kind: 'normalized', code: '[degF]' });
  });

  it('takes a declared UCUM code at its word: C is the coulomb, not Celsius', () => {
    expect(readUcum('C')).toEqual({ kind: 'valid', code: 'C' });
  });

  it('refuses strings that are not units', () => {
    expect(readUcum('handfuls of rice')).toMatchObject({ kind: 'invalid' });
  });
});
