import { describe, expect, it } from 'vitest';
import { stem } from './clinical-stemmer.js';

describe('stem', () => {
  it('folds plurals and verb endings to one stem', () => {
    expect(new Set(['fracture', 'fractures', 'fractured'].map(stem)).size).toBe(1);
    expect(stem('bleeding')).toBe(stem('bleed'));
    expect(stem('injuries')).toBe(stem('injury'));
    expect(stem('abscesses')).toBe(stem('abscess'));
  });

  it('leaves Latin endings, short words and codes alone', () => {
    expect(stem('diagnosis')).toBe('diagnosis');
    expect(stem('calculus')).toBe('calculus');
    expect(stem('leg')).toBe('leg');
    expect(stem('c7s')).toBe('c7s');
  });
});
