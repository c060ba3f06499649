import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodeVectors, type VectorHit } from './nearest-codes.js';

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

/**
 * The two-pass rule written plainly, with no layout or selection tricks: the dot product over
 * the 16 leading dimensions (even and odd ones summed apart, as float32), the codes reaching
 * the max(10 × limit, 1,000)-th best of it, then the exact cosine of those, ties in code order.
 */
function plainTwoPass(
  rows: Float32Array,
  dimensions: number,
  query: Float32Array,
  limit: number,
): VectorHit[] {
  const size = rows.length / dimensions;
  const leading = Float32Array.from({ length: size }, (_, doc) => {
    let [even, odd] = [0, 0];
    for (let j = 0; j < 16; j += 2) {
      even += query[j] * rows[doc * dimensions + j];
      odd += query[j + 1] * rows[doc * dimensions + j + 1];
    }
    return even + odd;
  });
  const threshold = [...leading].sort((a, b) => b - a)[Math.max(10 * limit, 1_000) - 1];
  const hits: VectorHit[] = [];
  for (let doc = 0; doc < size; doc++) {
    if (leading[doc] < threshold) continue;
    const sums = [0, 0, 0, 0];
    for (let j = 0; j < dimensions; j++) sums[j % 4] += query[j] * rows[doc * dimensions + j];
    hits.push({ doc, score: sums[0] + sums[1] + sums[2] + sums[3] });
  }
  return hits.sort((a, b) => b.score - a.score || a.doc - b.doc).slice(0, limit);
}

describe('CodeVectors.nearest against the two-pass rule written plainly', () => {
  const dimensions = 64;
  const codes = 4_000;
  const rows = randomRows(codes, dimensions, 11);
  const vectors = new CodeVectors(dimensions, rows);

  it('finds the same codes with the same scores, query after query', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.integer({ min: 1, max: 150 }),
        (seed, limit) => {
          const query = randomRows(1, dimensions, seed);
          expect(vectors.nearest(query, limit)).toEqual(
            plainTwoPass(rows, dimensions, query, limit),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps one code per family, the best of each', () => {
    // Families of three consecutive codes (as a seventh character's A, D and S), then one alone.
    const family = Int32Array.from({ length: codes }, (_, doc) =>
      doc % 4 === 3 ? -1 : Math.floor(doc / 4),
    );
    const grouped = new CodeVectors(dimensions, rows, family);
    const query = randomRows(1, dimensions, 5);
    const expected: VectorHit[] = [];
    const seen = new Set<number>();
    for (const hit of plainTwoPass(rows, dimensions, query, 30)) {
      if (family[hit.doc] >= 0 && seen.has(family[hit.doc])) continue;
      seen.add(family[hit.doc]);
      expected.push(hit);
    }
    expect(grouped.nearest(query, 10)).toEqual(expected.slice(0, 10));
  });
});
