import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodeVectors, kthLargest } from './nearest-codes.js';

function randomRows(codes: number, dimensions: number, seed: number): Float32Array {
  let state = seed;
  const next = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const rows = new Float32Array(codes * dimensions);
  for (let code = 0; code < codes; code++) {
    let norm = 0;
    for (let j = 0; j < dimensions; j++) {
      // Leading dimensions larger, as an SVD's are.
      rows[code * dimensions + j] = next() / (1 + j / 8);
      norm += rows[code * dimensions + j] ** 2;
    }
    for (let j = 0; j < dimensions; j++) rows[code * dimensions + j] /= Math.sqrt(norm);
  }
  return rows;
}

describe('kthLargest', () => {
  it('agrees with sorting', () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ noNaN: true, noDefaultInfinity: true }), {
          minLength: 1,
          maxLength: 200,
        }),
        fc.nat(),
        (values, pick) => {
          const array = Float32Array.from(values);
          const k = (pick % array.length) + 1;
          const sorted = [...array].sort((a, b) => b - a);
          expect(kthLargest(array, k)).toBe(sorted[k - 1]);
        },
      ),
    );
  });
});

describe('CodeVectors.nearest over many codes (two passes)', () => {
  const dimensions = 64;
  const codes = 5_000;
  const rows = randomRows(codes, dimensions, 7);
  const vectors = new CodeVectors(dimensions, rows);

  it("finds a code's own vector first, with its cosine", () => {
    for (const code of [0, 1_234, 4_999]) {
      const query = rows.slice(code * dimensions, (code + 1) * dimensions);
      const [first] = vectors.nearest(query, 10);
      expect(first.doc).toBe(code);
      expect(first.score).toBeCloseTo(1, 5);
    }
  });

  it('returns the exact top hits of a random query, best first', () => {
    const query = randomRows(1, dimensions, 99);
    const exact = Array.from({ length: codes }, (_, doc) => {
      let dot = 0;
      for (let j = 0; j < dimensions; j++) dot += query[j] * rows[doc * dimensions + j];
      return { doc, score: dot };
    }).sort((a, b) => b.score - a.score);
    const found = vectors.nearest(query, 10);
    expect(found.map((hit) => hit.doc)).toEqual(exact.slice(0, 10).map((hit) => hit.doc));
  });
});
