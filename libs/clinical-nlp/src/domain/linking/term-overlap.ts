import { normalizeTerm } from '../lexicon/normalize-term.js';

const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'and',
  'or',
  'in',
  'on',
  'with',
  'without',
  'to',
  'for',
  'by',
  'at',
  'from',
  'unspecified',
  'nos',
  'disorder',
  'finding',
  'disease',
  'procedure',
  'any',
  'some',
  'his',
  'her',
  'type',
]);
// Types and stages are written either way: "bipolar II disorder", "bipolar type 2".
const ROMAN: Readonly<Record<string, string>> = { ii: '2', iii: '3' };

export function contentWords(text: string): string[] {
  return normalizeTerm(text)
    .split(' ')
    .filter((word) => word !== '' && !STOP_WORDS.has(word))
    .map((word) => ROMAN[word] ?? word);
}

/**
 * Share of the phrase's content words found in the candidate's display (a word matches when
 * one is a prefix of the other, at least five letters long: "diabetic"/"diabetes" do not,
 * "arthritis"/"arthritides" do).
 */
export function phraseCoverage(phrase: string, display: string): number {
  const wanted = contentWords(phrase);
  if (wanted.length === 0) return 0;
  const offered = contentWords(display);
  const found = wanted.filter((word) => offered.some((candidate) => sameWord(word, candidate)));
  return found.length / wanted.length;
}

/** Words of the display that the phrase does not mention (less is closer). */
export function extraWords(phrase: string, display: string): number {
  const wanted = contentWords(phrase);
  return contentWords(display).filter((word) => !wanted.some((w) => sameWord(w, word))).length;
}

function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const prefix = Math.min(a.length, b.length);
  return (
    prefix >= 5 &&
    a.slice(0, prefix - 1) === b.slice(0, prefix - 1) &&
    Math.abs(a.length - b.length) <= 2
  );
}
