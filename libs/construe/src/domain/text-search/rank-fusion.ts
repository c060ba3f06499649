/**
 * Reciprocal rank fusion: each ranking gives an item weight / (k + rank); the sums order
 * the fused list. Rank-based, so rankings with incomparable scores (BM25, cosine) combine.
 */
export const RRF_K = 60;

export interface Ranking<T> {
  items: readonly T[];
  weight: number;
}

export function fuseRankings<T>(
  rankings: readonly Ranking<T>[],
  keyOf: (item: T) => string,
  k = RRF_K,
): { item: T; score: number }[] {
  const fused = new Map<string, { item: T; score: number; firstSeen: number }>();
  let order = 0;
  for (const { items, weight } of rankings) {
    items.forEach((item, index) => {
      const key = keyOf(item);
      const entry = fused.get(key) ?? { item, score: 0, firstSeen: order++ };
      entry.score += weight / (k + index + 1);
      fused.set(key, entry);
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.firstSeen - b.firstSeen)
    .map(({ item, score }) => ({ item, score }));
}
