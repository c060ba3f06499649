import { CLINICAL_ABBREVIATIONS } from './clinical-abbreviations.js';
import { stem } from './clinical-stemmer.js';

/** Words that carry no meaning in a code title or a query: never indexed, never searched. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'into',
  'is',
  'of',
  'on',
  'or',
  'the',
  'to',
]);

/**
 * Words of the coders' own boilerplate ("NOS", "not elsewhere classified", "other
 * specified"): indexed and scored, but they never bring a code into the candidates on their
 * own, because a query's meaning is in its other words. Written from the ICD-10 conventions;
 * no vocabulary table lists them.
 */
const LOW_INFORMATION_WORDS = new Set(
  ['nos', 'nec', 'unspecified', 'other', 'specified', 'classified', 'elsewhere', 'not', 'site'].map(
    stem,
  ),
);

export const MAX_QUERY_WORDS = 16;

/**
 * The words of a text, lower-cased and without accents, stop words removed; a capital "A"
 * after the first word is a name's letter, not the article ("Hepatitis A", "Vitamin A").
 */
export function words(text: string): string[] {
  const tokens =
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[A-Za-z0-9]+/g) ?? [];
  const found: string[] = [];
  tokens.forEach((token, index) => {
    const word = token.toLowerCase();
    if (!STOP_WORDS.has(word) || (token === 'A' && index > 0)) found.push(word);
  });
  return found;
}

/** The index terms of a text: its words, stemmed. */
export function terms(text: string): string[] {
  return words(text).map(stem);
}

export function isLowInformation(term: string): boolean {
  return LOW_INFORMATION_WORDS.has(term);
}

export interface QueryWord {
  /** The word as typed, lower case. */
  word: string;
  term: string;
  /** A word added by an abbreviation's expansion, or the abbreviation itself. */
  abbreviation: boolean;
}

/** The query's words, each known abbreviation followed by the words of its expansion. */
export function queryWords(query: string): QueryWord[] {
  const result: QueryWord[] = [];
  const seen = new Set<string>();
  const add = (word: string, abbreviation: boolean) => {
    const term = stem(word);
    if (seen.has(term)) return;
    seen.add(term);
    result.push({ word, term, abbreviation });
  };
  for (const word of words(query)) {
    const expansion = CLINICAL_ABBREVIATIONS[word];
    add(word, expansion !== undefined);
    if (expansion) for (const expanded of words(expansion)) add(expanded, true);
  }
  return result.slice(0, MAX_QUERY_WORDS);
}
