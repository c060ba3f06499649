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

  private scan(query: Float32Array, limit: number): VectorHit[] {
    if (limit <= 0 || query.every((value) => value === 0)) return [];
    const { dimensions, rows } = this;
    const best: VectorHit[] = [];
    let floor = -Infinity;
    for (let doc = 0, offset = 0; offset < rows.length; doc++, offset += dimensions) {
      // Four running sums: the loop over every code is the whole cost of a query.
      let [a, b, c, d] = [0, 0, 0, 0];
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
