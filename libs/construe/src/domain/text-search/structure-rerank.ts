import type { CodeStructure } from './code-families.js';
import type { SearchHit } from './code-search-index.js';
import { defaultDescendant, type CodeDefaults } from './default-descendants.js';
import { queryWords } from './search-words.js';

/**
 * A query that says "NOS" (not otherwise specified) asks for the code that covers the
 * unspecified case: a heading, or a code titled "… unspecified". Those codes get this
 * factor on their lexical score.
 */
export const NOS_FACTOR = 1.15;

const NOS = /\bnos\b/i;

/** How many lexical hits to read to fill `limit` places once families are collapsed. */
export function candidateDepth(limit: number): number {
  return limit * 4 + 20;
}

/**
 * Reorders a lexical ranking by what the code structure knows: the "NOS" preference; with
 * `defaults`, a heading's default descendant beside it (for a query that says "NOS", before
 * every heading that has one; for any other query, after the first such heading only: a
 * heading is the answer as often as its default code, and each placement costs a place);
 * then one place per seventh-character family (its usual first choice, at the place of the
 * family's best hit), the other members after every other hit. Nothing is dropped.
 */
export function rerankByStructure(
  hits: readonly SearchHit[],
  query: string,
  structure: CodeStructure,
  unspecified: (doc: number) => boolean,
  limit: number,
  defaults?: CodeDefaults,
): SearchHit[] {
  let ranked = [...hits];
  if (NOS.test(query)) {
    ranked = ranked
      .map((hit) =>
        structure.heading[hit.doc] || unspecified(hit.doc)
          ? { doc: hit.doc, score: hit.score * NOS_FACTOR }
          : hit,
      )
      // A stable sort: equal scores keep the index's order.
      .sort((a, b) => b.score - a.score);
  }
  if (defaults !== undefined) ranked = withDefaultDescendants(ranked, query, structure, defaults);
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

/**
 * Each heading followed by the code its query stands for below it when the query names
 * none of the heading's axes (its default descendant), at the heading's score; a code so
 * placed is not repeated where the lexical ranking had it.
 */
function withDefaultDescendants(
  ranked: readonly SearchHit[],
  query: string,
  structure: CodeStructure,
  defaults: CodeDefaults,
): SearchHit[] {
  const queryTerms = new Set(queryWords(query).map((word) => word.term));
  const result: SearchHit[] = [];
  const seen = new Set<number>();
  const nos = NOS.test(query);
  let expanded = 0;
  for (const hit of ranked) {
    if (seen.has(hit.doc)) continue;
    seen.add(hit.doc);
    const below =
      structure.heading[hit.doc] && (nos || expanded === 0)
        ? defaultDescendant(hit.doc, queryTerms, defaults)
        : -1;
    if (below < 0 || seen.has(below)) {
      result.push(hit);
      continue;
    }
    expanded++;
    seen.add(below);
    const placed = { doc: below, score: hit.score };
    result.push(...(nos ? [placed, hit] : [hit, placed]));
  }
  return result;
}
