import * as chrono from 'chrono-node';
import type { DateMention } from '../clinical-analysis.js';

// A date needs a month name, a relative word or a full numeric date; this keeps "1/2 tab",
// "at 5" and "for 10 days" from reading as dates.
const WORDED = /[a-z]{3,}/i;
const NUMERIC_DATE =
  /\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{1,2}-\d{1,2}-\d{4}\b/;
const DURATION_LIKE =
  /^(?:for|x|over|during|within|every|each|q)\b|^in\s+\d+\s*(?:h|hr|hrs|hours?|min|minutes?)\b/i;
const EXPLICIT_YEAR = /\b\d{4}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|'\d{2}\b/;
const BARE_YEAR = /\b(?:in|since|from|during|until|of|year)\s+((?:19|20)\d{2})\b/gi;

/**
 * Dates and times in text, absolute ("March 4, 1980", "2024-05-01 at 3pm") or relative to
 * `referenceDate` ("yesterday", "3 days ago", "next Tuesday"), at the precision written:
 * "2020-03" for "March 2020", "2024-05-01T15:00:00.000Z" when a time is given.
 */
export function findDates(text: string, referenceDate: Date): DateMention[] {
  const mentions: DateMention[] = [];
  for (const result of chrono.parse(text, referenceDate)) {
    const written = result.text;
    if (DURATION_LIKE.test(written)) continue;
    if (!WORDED.test(written) && !NUMERIC_DATE.test(written)) continue;
    const value = isoValue(result.start);
    if (!value) continue;
    mentions.push({
      span: { start: result.index, end: result.index + written.length, text: written },
      value,
      relative: !EXPLICIT_YEAR.test(written),
    });
  }
  for (const match of text.matchAll(BARE_YEAR)) {
    const start = match.index + match[0].length - 4;
    if (mentions.some((m) => m.span.start <= start && m.span.end >= start + 4)) continue;
    mentions.push({
      span: { start, end: start + 4, text: match[1] },
      value: match[1],
      relative: false,
    });
  }
  return mentions.sort((a, b) => a.span.start - b.span.start);
}

function isoValue(component: chrono.ParsedComponents): string | undefined {
  const year = component.get('year');
  const month = component.get('month');
  const day = component.get('day');
  if (year === null) return undefined;
  const dayKnown = component.isCertain('day') || component.isCertain('weekday');
  if (component.isCertain('hour') && dayKnown) return component.date().toISOString();
  if (dayKnown && month !== null && day !== null) return `${year}-${pad(month)}-${pad(day)}`;
  if (component.isCertain('month') && month !== null) return `${year}-${pad(month)}`;
  if (component.isCertain('year')) return String(year);
  return undefined;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
