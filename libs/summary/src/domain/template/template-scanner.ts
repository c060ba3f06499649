/** A stretch of template text: literal, or a placeholder still to be parsed. */
export type ScannedSegment =
  | { kind: 'text'; text: string; start: number }
  | {
      kind: 'placeholder';
      source: string;
      inner: string;
      syntax: '<<' | '{{';
      start: number;
      end: number;
    };

export interface ScanProblem {
  offset: number;
  problem: string;
}

const CLOSERS = { '<<': '>>', '{{': '}}' } as const;

/** Index just past the closer, skipping quoted text; -1 when the placeholder never closes. */
function closingIndex(text: string, from: number, closer: string): number {
  let quote: string | null = null;
  for (let index = from; index < text.length; index += 1) {
    const char = text[index];
    if (quote !== null) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') quote = char;
    else if (text.startsWith(closer, index)) return index + closer.length;
  }
  return -1;
}

/**
 * Splits a template into literal text and `<<…>>` / `{{…}}` placeholders. A placeholder
 * that never closes is a problem; the text after it is kept as literal.
 */
export function scanTemplate(text: string): {
  segments: ScannedSegment[];
  problems: ScanProblem[];
} {
  const segments: ScannedSegment[] = [];
  const problems: ScanProblem[] = [];
  let cursor = 0;
  const opener = /<<|\{\{/g;
  let match: RegExpExecArray | null;
  while ((match = opener.exec(text)) !== null) {
    const syntax = match[0] as '<<' | '{{';
    const start = match.index;
    const end = closingIndex(text, start + 2, CLOSERS[syntax]);
    if (end < 0) {
      problems.push({
        offset: start,
        problem: `${syntax} at offset ${start} is never closed with ${CLOSERS[syntax]}`,
      });
      break;
    }
    if (start > cursor)
      segments.push({ kind: 'text', text: text.slice(cursor, start), start: cursor });
    segments.push({
      kind: 'placeholder',
      source: text.slice(start, end),
      inner: text.slice(start + 2, end - 2),
      syntax,
      start,
      end,
    });
    cursor = end;
    opener.lastIndex = end;
  }
  if (cursor < text.length)
    segments.push({ kind: 'text', text: text.slice(cursor), start: cursor });
  return { segments, problems };
}
