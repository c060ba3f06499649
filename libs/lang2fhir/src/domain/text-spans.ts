import type { ClinicalAnalysis, DateMention, TextSpan } from '@app/clinical-nlp';

/** The sentence that holds `span` (or the whole text when the engine found no sentences). */
export function sentenceOf(analysis: ClinicalAnalysis, span: Pick<TextSpan, 'start'>): TextSpan {
  const found = analysis.sentences.find(
    (sentence) => sentence.start <= span.start && span.start < sentence.end,
  );
  return found ?? { start: 0, end: analysis.text.length, text: analysis.text };
}

/** The date written in the same sentence as `span`, the closest one first. */
export function dateNear(analysis: ClinicalAnalysis, span: TextSpan): DateMention | undefined {
  const sentence = sentenceOf(analysis, span);
  const inSentence = analysis.dates.filter(
    (date) => date.span.start >= sentence.start && date.span.end <= sentence.end,
  );
  return inSentence.sort(
    (a, b) => distance(a.span, span) - distance(b.span, span) || a.span.start - b.span.start,
  )[0];
}

function distance(a: TextSpan, b: TextSpan): number {
  if (a.end <= b.start) return b.start - a.end;
  if (b.end <= a.start) return a.start - b.end;
  return 0;
}

/** A span of the text by offsets, trimmed of surrounding white space. */
export function spanAt(text: string, start: number, end: number): TextSpan {
  let from = Math.max(0, start);
  let to = Math.min(text.length, end);
  while (from < to && /\s/.test(text[from])) from++;
  while (to > from && /\s/.test(text[to - 1])) to--;
  return { start: from, end: to, text: text.slice(from, to) };
}

/** The first match of `pattern` in the text (or within `within`), as a span of its group 1 or whole match. */
export function findSpan(text: string, pattern: RegExp, within?: TextSpan): TextSpan | undefined {
  const base = within ? within.start : 0;
  const haystack = within ? text.slice(within.start, within.end) : text;
  const flags = pattern.flags.includes('d') ? pattern.flags : `${pattern.flags}d`;
  const match = new RegExp(pattern.source, flags).exec(haystack);
  if (!match?.indices) return undefined;
  const [start, end] = match.indices[1] ?? match.indices[0];
  return spanAt(text, base + start, base + end);
}
