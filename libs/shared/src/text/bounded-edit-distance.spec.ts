import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from './bounded-edit-distance.js';

describe('bounded edit distance', () => {
  it('counts insertions, deletions, substitutions and adjacent transpositions', () => {
    expect(boundedEditDistance('asthma', 'asthma', 2)).toBe(0);
    expect(boundedEditDistance('astma', 'asthma', 2)).toBe(1);
    expect(boundedEditDistance('ibuproefn', 'ibuprofen', 2)).toBe(1);
    expect(boundedEditDistance('diabetis', 'diabetes', 2)).toBe(1);
  });

  it('gives up past the bound with max + 1', () => {
    expect(boundedEditDistance('metformin', 'metoprolol', 2)).toBe(3);
    expect(boundedEditDistance('a', 'abcdef', 2)).toBe(3);
  });
});
