import type { TextSpan } from '../clinical-analysis.js';

/** Spans already claimed by an extractor, so that later extractors skip them. */
export class SpanSet {
  private readonly spans: { start: number; end: number }[] = [];

  add(span: { start: number; end: number }): void {
    this.spans.push({ start: span.start, end: span.end });
  }

  overlaps(span: { start: number; end: number }): boolean {
    return this.spans.some((s) => s.start < span.end && span.start < s.end);
  }
}

export function spanAt(text: string, start: number, end: number): TextSpan {
  return { start, end, text: text.slice(start, end) };
}
