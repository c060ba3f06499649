import type { TextSpan } from '../clinical-analysis.js';

/**
 * Builds a case-insensitive regex from alternatives written with the conventions of sigs:
 * a space matches any white space, and a dotted abbreviation ("b.i.d.") matches with or
 * without its periods.
 */
export function sigPattern(alternatives: readonly string[], flags = 'gi'): RegExp {
  const source = alternatives
    .map((alternative) =>
      alternative
        .split(' ')
        .map((word) => (word.startsWith('re:') ? word.slice(3) : dotted(word)))
        .join('\\s+'),
    )
    .join('|');
  // Sigs often glue the next part on: "bidx9 days", "tidprn", "dailyx90 days", "prnas needed".
  return new RegExp(
    `(?<![A-Za-z0-9])(?:${source})(?:(?![A-Za-z0-9])|(?=x\\s?\\d|prn|as\\s|instr|w\\/))`,
    flags,
  );
}

function dotted(word: string): string {
  const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!/^[a-z]{2,4}$/i.test(word) || word.includes('.')) return escaped(word);
  // "bid" also matches "b.i.d." and "b.i.d" (a period after the plain form ends the sentence)
  const withPeriods = word
    .split('')
    .map((ch) => escaped(ch))
    .join('\\.');
  return `(?:${escaped(word)}|${withPeriods}\\.?)`;
}

export function firstMatch(
  pattern: RegExp,
  text: string,
  offset: number,
): (RegExpExecArray & { span: TextSpan }) | undefined {
  pattern.lastIndex = 0;
  const match = pattern.exec(text);
  if (!match) return undefined;
  const span = {
    start: offset + match.index,
    end: offset + match.index + match[0].length,
    text: match[0],
  };
  return Object.assign(match, { span });
}
