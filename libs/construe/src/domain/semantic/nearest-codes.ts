export interface VectorHit {
  doc: number;
  score: number;
}

/** Every code's vector, one L2-normalised row per code, searched exactly (no approximate index). */
export class CodeVectors {
  constructor(
    readonly dimensions: number,
    /** codes × dimensions, row-major. */
    private readonly rows: Float32Array,
    /**
     * Each code's family (codes that differ only by a seventh character, as the text ranking
     * reads them; -1 for none): their vectors are nearly equal, so a family takes one place.
     */
    private readonly family?: Int32Array,
  ) {}

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
   * codes, and only those are scored on every dimension. Reading a quarter of the matrix is
   * what keeps a query over ~100,000 codes within a few milliseconds.
   */
  private scan(query: Float32Array, limit: number): VectorHit[] {
    if (limit <= 0 || query.every((value) => value === 0)) return [];
    const candidates = Math.max(limit * CANDIDATES_PER_RESULT, MIN_CANDIDATES);
    if (this.dimensions < 2 * LEADING_DIMENSIONS || this.size <= candidates)
      return this.exact(query, limit, null);
    const leading = this.leadingScores(query);
    return this.exact(query, limit, kthLargest(leading, candidates), leading);
  }

  private leadingScores(query: Float32Array): Float32Array {
    const { dimensions, rows } = this;
    const scores = new Float32Array(this.size);
    for (let doc = 0, offset = 0; offset < rows.length; doc++, offset += dimensions) {
      let a = 0;
      let b = 0;
      for (let j = 0; j < LEADING_DIMENSIONS; j += 2) {
        a += query[j] * rows[offset + j];
        b += query[j + 1] * rows[offset + j + 1];
      }
      scores[doc] = a + b;
    }
    return scores;
  }

  /** Exact cosines of every code, or of the codes whose leading score reaches `threshold`. */
  private exact(
    query: Float32Array,
    limit: number,
    threshold: number | null,
    leading?: Float32Array,
  ): VectorHit[] {
    const { dimensions, rows } = this;
    const best: VectorHit[] = [];
    let floor = -Infinity;
    for (let doc = 0, offset = 0; offset < rows.length; doc++, offset += dimensions) {
      if (threshold !== null && leading![doc] < threshold) continue;
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
      // Sorted insertion into a short list: limit is tens, the codes are tens of thousands.
      let at = best.length;
      while (at > 0 && best[at - 1].score < dot) at--;
      best.splice(at, 0, { doc, score: dot });
      if (best.length > limit) best.pop();
      if (best.length === limit) floor = best[limit - 1].score;
    }
    return best;
  }
}

/** Dimensions read for every code in the first pass (even). */
const LEADING_DIMENSIONS = 16;
/** First-pass candidates kept per result asked for, and at least this many. */
const CANDIDATES_PER_RESULT = 10;
const MIN_CANDIDATES = 1_000;

/** The k-th largest value (quickselect on a copy). */
export function kthLargest(values: Float32Array, k: number): number {
  const work = Float32Array.from(values);
  let [low, high] = [0, work.length - 1];
  const target = Math.min(Math.max(k, 1), work.length) - 1;
  while (low < high) {
    const pivot = work[(low + high) >>> 1];
    let [i, j] = [low, high];
    while (i <= j) {
      while (work[i] > pivot) i++;
      while (work[j] < pivot) j--;
      if (i <= j) {
        [work[i], work[j]] = [work[j], work[i]];
        i++;
        j--;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  return work[target];
}
