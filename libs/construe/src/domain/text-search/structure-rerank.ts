import type { CodeStructure } from './code-families.js';
import type { SearchHit } from './code-search-index.js';

/**
 * A query that says "NOS" (not otherwise specified) asks for the code that covers the
 * unspecified case: a heading, or a code titled "… unspecified". Those codes get this
 * factor on their lexical score.
 */
export const NOS_FACTOR = 1.15;

/** How many lexical hits to read to fill `limit` places once families are collapsed. */
export function candidateDepth(limit: number): number {
  return limit * 4 + 20;
}

/**
 * Reorders a lexical ranking by what the code structure knows: the "NOS" preference, then
 * one place per seventh-character family (its usual first choice, at the place of the
 * family's best hit), the other members after every other hit. Nothing is dropped.
 */
export function rerankByStructure(
  hits: readonly SearchHit[],
  query: string,
  structure: CodeStructure,
  unspecified: (doc: number) => boolean,
  limit: number,
): SearchHit[] {
  let ranked = [...hits];
  if (/\bnos\b/i.test(query)) {
    ranked = ranked
      .map((hit) =>
        structure.heading[hit.doc] || unspecified(hit.doc)
          ? { doc: hit.doc, score: hit.score * NOS_FACTOR }
          : hit,
      )
      // A stable sort: equal scores keep the index's order.
      .sort((a, b) => b.score - a.score);
  }
  const placed: SearchHit[] = [];
  const later: SearchHit[] = [];
  const seenFamilies = new Set<number>();
  const taken = new Set<number>();
  for (const hit of ranked) {
    if (taken.has(hit.doc)) continue;
    const family = structure.family[hit.doc];
    if (family < 0) {
      placed.push(hit);
      taken.add(hit.doc);
      continue;
    }
    if (seenFamilies.has(family)) {
      later.push(hit);
      continue;
    }
    seenFamilies.add(family);
    const choice =
      ranked.find(
        (other) => structure.family[other.doc] === family && structure.preferred[other.doc],
      ) ?? hit;
    placed.push(choice);
    taken.add(choice.doc);
    if (choice !== hit) later.push(hit);
  }
  return [...placed, ...later.filter((hit) => !taken.has(hit.doc))].slice(0, limit);
}
