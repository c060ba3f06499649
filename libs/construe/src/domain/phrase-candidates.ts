/** Words of a text with their character offsets, and the phrases they form, for extraction. */
export interface Span {
  text: string;
  start: number;
  end: number;
}

const WORD = /[A-Za-z0-9][A-Za-z0-9'/-]*(?:\.[A-Za-z0-9]+)*/g;

export function words(text: string): Span[] {
  return [...text.matchAll(WORD)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

export function normalizePhrase(phrase: string): string {
  return phrase.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Every run of 1 to `maxWords` consecutive words, keyed by its normalised text. */
export function phraseCandidates(text: string, maxWords = 10): Map<string, Span[]> {
  const tokens = words(text);
  const candidates = new Map<string, Span[]>();
  for (let first = 0; first < tokens.length; first++) {
    for (let last = first; last < Math.min(tokens.length, first + maxWords); last++) {
      const span = {
        start: tokens[first].start,
        end: tokens[last].end,
        text: text.slice(tokens[first].start, tokens[last].end),
      };
      const key = normalizePhrase(span.text);
      candidates.set(key, [...(candidates.get(key) ?? []), span]);
    }
  }
  return candidates;
}

/** Longest matches first; a span overlapping an already chosen one is dropped. */
export function chooseNonOverlapping<T extends Span>(matches: T[]): T[] {
  const chosen: T[] = [];
  const sorted = [...matches].sort(
    (a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  for (const match of sorted) {
    if (chosen.every((taken) => match.end <= taken.start || match.start >= taken.end))
      chosen.push(match);
  }
  return chosen.sort((a, b) => a.start - b.start);
}
