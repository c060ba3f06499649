import { kthLargestSampled } from '../kth-largest.js';

export interface VectorHit {
  doc: number;
  score: number;
}

/** Dimensions read for every code in the first pass (the unrolled loop below reads exactly 16). */
const LEADING_DIMENSIONS = 16;
/** First-pass candidates kept per result asked for, and at least this many. */
const CANDIDATES_PER_RESULT = 10;
const MIN_CANDIDATES = 1_000;

/**
 * Every code's vector, one L2-normalised row per code, searched exactly (no approximate index).
 * A search runs to its end without yielding, so the per-query buffers are allocated once.
 */
export class CodeVectors {
  /**
   * The leading dimensions of every code again, contiguous (codes × 16): the first pass reads
   * one 64-byte row per code instead of striding through the whole matrix. Null when the
   * vectors are too short for two passes.
   */
  private readonly leading: Float32Array | null;
  private readonly leadingScores: Float32Array;
  private readonly candidates: Int32Array;
  private readonly selection: Float32Array;

  constructor(
    readonly dimensions: number,
    /** codes × dimensions, row-major. */
    private readonly rows: Float32Array,
    /**
     * Each code's family (codes that differ only by a seventh character, as the text ranking
     * reads them; -1 for none): their vectors are nearly equal, so a family takes one place.
     */
    private readonly family?: Int32Array,
  ) {
    const size = rows.length / dimensions;
    const twoPasses = dimensions >= 2 * LEADING_DIMENSIONS && size > MIN_CANDIDATES;
    this.leading = twoPasses ? leadingRows(rows, dimensions) : null;
    this.leadingScores = new Float32Array(twoPasses ? size : 0);
    this.candidates = new Int32Array(twoPasses ? size : 0);
    this.selection = new Float32Array(twoPasses ? size : 0);
  }

  get size(): number {
    return this.rows.length / this.dimensions;
  }

  /** The `limit` codes of highest cosine to the (normalised) query, best first; none for a zero query. */
  nearest(query: Float32Array, limit: number): VectorHit[] {
    if (!this.family) return this.scan(query, limit);
    const seen = new Set<number>();
    return this.scan(query, limit * 3)
      .filter(({ doc }) => {
        const family = this.family![doc];
        if (family < 0) return true;
        if (seen.has(family)) return false;
        seen.add(family);
        return true;
      })
      .slice(0, limit);
  }

  /**
   * Two passes: the leading dimensions (the learned vectors come from an SVD, largest singular
   * value first, so they carry most of each dot product) pick the best candidates among all
   * codes, and only those are scored on every dimension. Reading a quarter of the matrix, in a
   * copy laid out for it, is what keeps a query over ~100,000 codes within a few milliseconds.
   */
  private scan(query: Float32Array, limit: number): VectorHit[] {
    if (limit <= 0 || query.every((value) => value === 0)) return [];
    const wanted = Math.max(limit * CANDIDATES_PER_RESULT, MIN_CANDIDATES);
    if (this.leading === null || this.size <= wanted) return this.exact(query, limit, null, 0);
    const scores = this.scoreLeading(query);
    const threshold = kthLargestSampled(scores, wanted, this.selection);
    let count = 0;
    for (let doc = 0; doc < scores.length; doc++)
      if (scores[doc] >= threshold) this.candidates[count++] = doc;
    return this.exact(query, limit, this.candidates, count);
  }

  /** Each code's dot product with the query over the leading dimensions (as float32). */
  private scoreLeading(query: Float32Array): Float32Array {
    const leading = this.leading!;
    const scores = this.leadingScores;
    const [q0, q1, q2, q3, q4, q5, q6, q7] = query;
    const [q8, q9, q10, q11, q12, q13, q14, q15] = query.subarray(8, LEADING_DIMENSIONS);
    // Two sums (even and odd dimensions), each added up in dimension order.
    for (let doc = 0, o = 0; o < leading.length; doc++, o += LEADING_DIMENSIONS) {
      let a = q0 * leading[o];
      let b = q1 * leading[o + 1];
      a += q2 * leading[o + 2];
      b += q3 * leading[o + 3];
      a += q4 * leading[o + 4];
      b += q5 * leading[o + 5];
      a += q6 * leading[o + 6];
      b += q7 * leading[o + 7];
      a += q8 * leading[o + 8];
      b += q9 * leading[o + 9];
      a += q10 * leading[o + 10];
      b += q11 * leading[o + 11];
      a += q12 * leading[o + 12];
      b += q13 * leading[o + 13];
      a += q14 * leading[o + 14];
      b += q15 * leading[o + 15];
      scores[doc] = a + b;
    }
    return scores;
  }

  /** Exact cosines of the first `count` docs of `docs` (ascending), or of every code. */
  private exact(
    query: Float32Array,
    limit: number,
    docs: Int32Array | null,
    count: number,
  ): VectorHit[] {
    const { dimensions, rows } = this;
    const best: VectorHit[] = [];
    let floor = -Infinity;
    const total = docs === null ? this.size : count;
    for (let index = 0; index < total; index++) {
      const doc = docs === null ? index : docs[index];
      const offset = doc * dimensions;
      let a = 0;
      let b = 0;
      let c = 0;
      let d = 0;
      let j = 0;
      for (; j + 3 < dimensions; j += 4) {
        a += query[j] * rows[offset + j];
        b += query[j + 1] * rows[offset + j + 1];
        c += query[j + 2] * rows[offset + j + 2];
        d += query[j + 3] * rows[offset + j + 3];
      }
      for (; j < dimensions; j++) a += query[j] * rows[offset + j];
      const dot = a + b + c + d;
      if (dot <= floor) continue;
      // Sorted insertion into a short list: limit is tens, the candidates are thousands.
      let at = best.length;
      while (at > 0 && best[at - 1].score < dot) at--;
      best.splice(at, 0, { doc, score: dot });
      if (best.length > limit) best.pop();
      if (best.length === limit) floor = best[limit - 1].score;
    }
    return best;
  }
}

function leadingRows(rows: Float32Array, dimensions: number): Float32Array {
  const size = rows.length / dimensions;
  const leading = new Float32Array(size * LEADING_DIMENSIONS);
  for (let doc = 0; doc < size; doc++)
    leading.set(
      rows.subarray(doc * dimensions, doc * dimensions + LEADING_DIMENSIONS),
      doc * LEADING_DIMENSIONS,
    );
  return leading;
}
