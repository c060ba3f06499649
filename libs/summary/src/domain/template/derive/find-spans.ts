import { AGE_AFTER, AGE_BEFORE } from './spellings.js';

/** A candidate as it renders on the example data: its whole text and each part's text. */
export interface RenderedCandidate<T> {
  source: T;
  texts: string[];
  rank: number;
  /** Order of discovery: earlier resources and elements win ties. */
  order: number;
  isAge: boolean;
}

export interface Match<T> {
  start: number;
  end: number;
  candidate: RenderedCandidate<T>;
}

const WORD = /[\p{L}\p{N}]/u;

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && WORD.test(char);
}

/** A value matches only as whole words: "male" is not found inside "female". */
function onBoundaries(text: string, start: number, end: number): boolean {
  const first = text[start];
  const last = text[end - 1];
  if (isWordChar(first) && isWordChar(text[start - 1])) return false;
  return !(isWordChar(last) && isWordChar(text[end]));
}

function saysAge(text: string, start: number, end: number): boolean {
  return (
    AGE_AFTER.test(text.slice(end, end + 12)) ||
    AGE_BEFORE.test(text.slice(Math.max(0, start - 8), start))
  );
}

function occurrences<T>(text: string, candidate: RenderedCandidate<T>): Match<T>[] {
  const needle = candidate.texts.join('');
  const found: Match<T>[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf(needle, from);
    if (start < 0) return found;
    const end = start + needle.length;
    if (onBoundaries(text, start, end) && (!candidate.isAge || saysAge(text, start, end))) {
      found.push({ start, end, candidate });
    }
    from = start + 1;
  }
}

/**
 * Where the candidates occur in the text, without overlaps: longer matches first (a full
 * name before its given name), then the better rank, then the earlier candidate.
 */
export function findMatches<T>(
  text: string,
  candidates: readonly RenderedCandidate<T>[],
): Match<T>[] {
  const all = candidates.flatMap((candidate) => occurrences(text, candidate));
  all.sort(
    (left, right) =>
      right.end - right.start - (left.end - left.start) ||
      left.candidate.rank - right.candidate.rank ||
      left.candidate.order - right.candidate.order ||
      left.start - right.start,
  );
  const chosen: Match<T>[] = [];
  for (const match of all) {
    if (chosen.some((taken) => match.start < taken.end && taken.start < match.end)) continue;
    chosen.push(match);
  }
  return chosen.sort((left, right) => left.start - right.start);
}
