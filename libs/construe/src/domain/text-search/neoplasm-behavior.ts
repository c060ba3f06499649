import type { SearchHit } from './code-search-index.js';

/**
 * A neoplasm's behavior is an axis of the classification: ICD-10 files the same site under
 * malignant (C00-C96), in situ (D00-D09), benign (D10-D36) and uncertain (D37-D48) codes,
 * each grouped its own way. A query that names a behavior wants a code of that behavior,
 * however well another behavior's code matches the site words ("benign neoplasm of frontal
 * lobe": there is no benign frontal-lobe code, the answer is the benign code of the brain).
 * Written from the ICD-10 conventions; a title-only import holds no neoplasm table.
 */
type Behavior = 'benign' | 'malignant' | 'in situ' | 'uncertain' | 'secondary';

const NEOPLASM = /\b(?:neoplasms?|carcinomas?|tumou?rs?)\b/i;
/** Score factor of a code whose title names another behavior than the query's. */
export const OTHER_BEHAVIOR_FACTOR = 0.5;
/** How many of the first hits are read for a code of another behavior whose site to borrow. */
const SITE_DEPTH = 10;
/** Words of a parent title that say behavior or boilerplate, not the site. */
const NOT_SITE =
  /\b(?:benign|malignant|secondary|primary|neoplasms?|carcinomas?|in situ|uncertain|unspecified|behaviou?r|other|and|of|the|sites?|overlapping|ill-defined)\b/gi;

/** The behaviors a text names, when it speaks of a neoplasm. */
export function behaviorsOf(text: string): Set<Behavior> {
  const found = new Set<Behavior>();
  if (!NEOPLASM.test(text)) return found;
  const lower = text.toLowerCase();
  if (/\bbenign\b/.test(lower)) found.add('benign');
  if (/\bin[ -]situ\b/.test(lower)) found.add('in situ');
  else if (/\b(?:malignant|carcinomas?)\b/.test(lower)) found.add('malignant');
  if (/\buncertain\b/.test(lower)) found.add('uncertain');
  if (/\b(?:secondary|metasta\w*)\b/.test(lower)) found.add('secondary');
  return found;
}

/** Whether a code of these behaviors is of another kind than the query asks for. */
function otherBehavior(code: ReadonlySet<Behavior>, query: ReadonlySet<Behavior>): boolean {
  if (code.size === 0) return false;
  if (code.has('secondary') !== query.has('secondary')) return true;
  return ![...code].some((behavior) => query.has(behavior));
}

/**
 * For a query that names a neoplasm's behavior other than malignant, when a code of another
 * behavior comes among its first hits (the site is named under that behavior only): the query with the site words
 * of that code's parent title added ("Malignant neoplasm of brain": "brain"), to be searched
 * instead, so the wanted behavior's code for that site is found. Otherwise null.
 */
export function queryWithBorrowedSite(
  query: string,
  hits: readonly SearchHit[],
  titleOf: (doc: number) => string,
  parentOf: (doc: number) => number,
): string | null {
  const wanted = behaviorsOf(query);
  // The malignant codes name the most sites: a malignant query has nothing to borrow.
  if (wanted.size === 0 || wanted.has('malignant')) return null;
  const borrowed = hits
    .slice(0, SITE_DEPTH)
    .find((hit) => otherBehavior(behaviorsOf(titleOf(hit.doc)), wanted));
  if (borrowed === undefined) return null;
  const site = siteWords(borrowed.doc, titleOf, parentOf);
  return site === '' ? null : `${query} ${site}`;
}

/** For a query that names a behavior, codes of another one at `OTHER_BEHAVIOR_FACTOR` of their score. */
export function rankByBehavior(
  query: string,
  hits: readonly SearchHit[],
  titleOf: (doc: number) => string,
): SearchHit[] {
  const wanted = behaviorsOf(query);
  if (wanted.size === 0) return [...hits];
  return (
    hits
      .map((hit) =>
        otherBehavior(behaviorsOf(titleOf(hit.doc)), wanted)
          ? { doc: hit.doc, score: hit.score * OTHER_BEHAVIOR_FACTOR }
          : hit,
      )
      // A stable sort: equal scores keep the index's order.
      .sort((a, b) => b.score - a.score)
  );
}

/** The site its nearest parent (or, without one, the code itself) names, without behavior words. */
function siteWords(
  doc: number,
  titleOf: (doc: number) => string,
  parentOf: (doc: number) => number,
): string {
  const parent = parentOf(doc);
  // What follows a comma qualifies the site ("kidney, except renal pelvis").
  const title = titleOf(parent >= 0 ? parent : doc).split(',')[0];
  return title
    .replace(NOT_SITE, ' ')
    .replace(/[^A-Za-z0-9 -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
