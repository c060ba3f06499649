import { CLINICAL_ABBREVIATIONS } from './clinical-abbreviations.js';

/**
 * Text search over a code system, planned as full-text queries over the system's own
 * lexemes. Each query word becomes a term: the lexeme itself when the system knows it,
 * otherwise the closest known lexemes (trigram similarity or prefix), which is how typos
 * and partial words are tolerated while every lookup stays index-driven.
 */

export const MAX_QUERY_WORDS = 12;
/** How many known lexemes stand in for one unknown query word. */
export const ALTERNATIVES_PER_WORD = 4;
/** A fallback candidate term more frequent than this is narrowed by the next rarest term. */
export const FALLBACK_MAX_DOCS = 5_000;
/** Candidates ranked per query: the shortest descriptions among the matches. */
export const CANDIDATE_CAP = 1_500;

export interface LexemeAlternative {
  lexeme: string;
  /** Number of codes of the system whose text holds the lexeme. */
  ndoc: number;
}

/** One lexeme lookup row: the query word's position, its own lexeme and a known lexeme. */
export interface LexemeRow {
  position: number;
  lexeme: string;
  candidate: string;
  ndoc: number;
}

export interface QueryTerm {
  lexeme: string;
  alternatives: LexemeAlternative[];
  /** Share of the query's information this term carries (inverse document frequency). */
  weight: number;
  ndoc: number;
}

/** The query's words, each abbreviation followed by its expansion. */
export function searchWords(query: string): string[] {
  const words = query.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const expanded = words.flatMap((word) => {
    const expansion = CLINICAL_ABBREVIATIONS[word];
    return expansion ? [word, ...(expansion.match(/[a-z0-9]+/g) ?? [])] : [word];
  });
  return [...new Set(expanded)].slice(0, MAX_QUERY_WORDS);
}

/**
 * Terms from the lexeme rows: an exact lexeme wins over look-alikes; a word with no known
 * lexeme at all is left out (it cannot match). Weights are normalised IDF over `codeCount`.
 */
export function buildTerms(rows: readonly LexemeRow[], codeCount: number): QueryTerm[] {
  const byPosition = new Map<number, { lexeme: string; alternatives: LexemeAlternative[] }>();
  for (const row of rows) {
    const entry = byPosition.get(row.position) ?? { lexeme: row.lexeme, alternatives: [] };
    byPosition.set(row.position, entry);
    if (!entry.alternatives.some((alternative) => alternative.lexeme === row.candidate)) {
      entry.alternatives.push({ lexeme: row.candidate, ndoc: row.ndoc });
    }
  }
  const seen = new Set<string>();
  const terms: Omit<QueryTerm, 'weight'>[] = [];
  for (const [, entry] of [...byPosition].sort(([a], [b]) => a - b)) {
    if (seen.has(entry.lexeme)) continue;
    seen.add(entry.lexeme);
    const exact = entry.alternatives.find((alternative) => alternative.lexeme === entry.lexeme);
    const alternatives = exact ? [exact] : entry.alternatives.slice(0, ALTERNATIVES_PER_WORD);
    terms.push({
      lexeme: entry.lexeme,
      alternatives,
      ndoc: Math.max(...alternatives.map((alternative) => alternative.ndoc)),
    });
  }
  const documents = Math.max(codeCount, 1);
  const idf = terms.map((term) => Math.log((documents + 1) / Math.max(term.ndoc, 1)));
  const total = idf.reduce((sum, value) => sum + value, 0) || 1;
  return terms.map((term, index) => ({ ...term, weight: idf[index] / total }));
}

function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/'/g, "''")}'`;
}

/** The tsquery text of one term: any of its alternatives. */
export function termQuery(term: QueryTerm): string {
  return `(${term.alternatives.map((alternative) => quoteLexeme(alternative.lexeme)).join(' | ')})`;
}

/** Every term present. */
export function allTermsQuery(terms: readonly QueryTerm[]): string {
  return terms.map(termQuery).join(' & ');
}

/**
 * Candidates when too few codes hold every term: those holding the rarest term, narrowed
 * by the next rarest when the rarest alone is common (so that the work stays bounded).
 */
export function fallbackQuery(terms: readonly QueryTerm[]): string | null {
  if (terms.length < 2) return null;
  const [rarest, next] = [...terms].sort((a, b) => a.ndoc - b.ndoc);
  return rarest.ndoc <= FALLBACK_MAX_DOCS
    ? termQuery(rarest)
    : `${termQuery(rarest)} & ${termQuery(next)}`;
}
