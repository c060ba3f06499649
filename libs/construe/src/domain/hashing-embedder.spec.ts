import { describe, expect, it } from 'vitest';
import { EMBEDDING_DIMENSIONS, embedText, tokenize } from './hashing-embedder.js';

const cosine = (a: number[], b: number[]) =>
  a.reduce((sum, value, index) => sum + value * b[index], 0);

describe('hashing embedder', () => {
  it('is deterministic, L2-normalised and of fixed size', () => {
    const vector = embedText('Type 2 diabetes mellitus');
    expect(vector).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(embedText('Type 2 diabetes mellitus')).toEqual(vector);
    expect(Math.sqrt(cosine(vector, vector))).toBeCloseTo(1, 10);
    expect(embedText('')).toEqual(new Array(EMBEDDING_DIMENSIONS).fill(0));
  });

  it('places related texts closer than unrelated ones, typos included', () => {
    const query = embedText('diabetis mellitus type 2');
    const related = embedText('Type 2 diabetes mellitus without complications');
    const unrelated = embedText('Fracture of the left femur');
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.2);
  });

  it('drops stop words and case', () => {
    expect(tokenize('Fracture OF the Left femur')).toEqual(['fracture', 'left', 'femur']);
  });
});
