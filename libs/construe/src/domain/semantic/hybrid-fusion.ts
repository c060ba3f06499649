import { fuseRankings } from '../text-search/rank-fusion.js';

/** How deep the lexical and the vector rankings are read before fusion. */
export const HYBRID_DEPTH = 50;
/**
 * The learned vectors' weight against the lexical ranking's 1: the highest at which the own
 * queries lose nothing that the text ranking finds (0.2 before the WordNet knowledge; with it,
 * 0.2 lost one of the 200 and 0.1 none; dev even half 47.2% at 0.1, 47.5% at 0.2).
 */
export const LEARNED_VECTOR_WEIGHT = 0.1;

/** Hybrid retrieval: the lexical ranking (weight 1) and a vector ranking, fused by reciprocal rank. */
export function fuseHybrid<T>(
  lexical: readonly T[],
  vector: readonly T[],
  keyOf: (item: T) => string,
  vectorWeight: number,
): Scored<T>[] {
  return fuseRankings(
    [
      { items: lexical, weight: 1 },
      { items: vector, weight: vectorWeight },
    ],
    keyOf,
  );
}

export interface Scored<T> {
  item: T;
  score: number;
}

/**
 * Hybrid retrieval by scores: each lexical hit keeps its score relative to the best one (in
 * [0, 1], never above the hit ranked before it) and adds `vectorWeight` × its cosine to the query; a code only the vectors found gets
 * the cosine part alone. Unlike rank fusion, a large lexical lead survives, and the vectors
 * decide between codes the words leave (nearly) tied.
 */
export function mixScores<T>(
  lexical: readonly Scored<T>[],
  vector: readonly Scored<T>[],
  keyOf: (item: T) => string,
  vectorWeight: number,
  cosineOf: (item: T) => number,
): Scored<T>[] {
  const best = lexical.reduce((max, hit) => Math.max(max, hit.score), 0);
  const mixed = new Map<string, { item: T; score: number; order: number }>();
  // The lexical order is kept as the text ranking gave it (it moves some codes down after
  // scoring, e.g. a family's other members): a hit never scores above the one before it.
  let ceiling = 1;
  lexical.forEach(({ item, score }, order) => {
    const relative = Math.min(best > 0 ? score / best : 0, ceiling);
    ceiling = relative;
    mixed.set(keyOf(item), { item, score: relative + vectorWeight * cosineOf(item), order });
  });
  vector.forEach(({ item, score }, index) => {
    const key = keyOf(item);
    if (!mixed.has(key))
      mixed.set(key, { item, score: vectorWeight * score, order: lexical.length + index });
  });
  return [...mixed.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ item, score }) => ({ item, score }));
}
