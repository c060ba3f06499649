/** A date bound as FHIR writes it, keeping the precision the text gives (YYYY, YYYY-MM, YYYY-MM-DD). */
export interface DateBounds {
  ge?: string;
  le?: string;
  /** A single date or period: matched at its own precision (`date=2023`). */
  eq?: string;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH = `(${MONTHS.map((month) => `${month.slice(0, 3)}(?:${month.slice(3)})?`).join('|')})\\.?`;
const pad = (value: number) => String(value).padStart(2, '0');
const monthNumber = (name: string) =>
  MONTHS.findIndex((month) => month.startsWith(name.toLowerCase().slice(0, 3))) + 1;

interface Found {
  start: number;
  end: number;
  from: string;
  to?: string;
}

/** Dates written in the text, with ranges ("March 2-9, 2025", "2024-01-01 to 2024-03-31"). */
function findDates(text: string): Found[] {
  const found: Found[] = [];
  const take = (
    pattern: RegExp,
    read: (match: RegExpExecArray) => Omit<Found, 'start' | 'end'>,
  ) => {
    for (const match of text.matchAll(new RegExp(pattern, 'gi'))) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((other) => start < other.end && other.start < end)) continue;
      found.push({ start, end, ...read(match) });
    }
  };
  // "March 2-9, 2025" / "March 2 - April 9, 2025"
  take(
    new RegExp(
      `\\b${MONTH} (\\d{1,2})\\s*(?:-|–|to|through)\\s*(?:${MONTH} )?(\\d{1,2}),? (\\d{4})\\b`,
    ),
    (m) => {
      const year = m[5];
      const first = monthNumber(m[1]);
      const second = m[3] ? monthNumber(m[3]) : first;
      return {
        from: `${year}-${pad(first)}-${pad(Number(m[2]))}`,
        to: `${year}-${pad(second)}-${pad(Number(m[4]))}`,
      };
    },
  );
  // "March 2, 2025"
  take(new RegExp(`\\b${MONTH} (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})\\b`), (m) => ({
    from: `${m[3]}-${pad(monthNumber(m[1]))}-${pad(Number(m[2]))}`,
  }));
  // "March 2025"
  take(new RegExp(`\\b${MONTH},? (\\d{4})\\b`), (m) => ({
    from: `${m[2]}-${pad(monthNumber(m[1]))}`,
  }));
  // ISO dates and years
  take(/\b(\d{4}-\d{2}-\d{2}|\d{4}-\d{2}|(?:19|20)\d{2})\b/, (m) => ({ from: m[1] }));
  return found.sort((a, b) => a.start - b.start);
}

/** The date constraint a search request states: a range, an open bound, or one period. */
export function dateBounds(text: string): DateBounds | undefined {
  const dates = findDates(text);
  if (dates.length === 0) return undefined;
  const [first, second] = dates;
  if (first.to) return { ge: first.from, le: first.to };
  const before = (date: Found) =>
    text.slice(Math.max(0, date.start - 16), date.start).toLowerCase();
  if (second && /\b(between|from)\b/.test(before(first)))
    return { ge: first.from, le: second.from };
  const lead = before(first);
  if (/\b(since|after|from|starting|later than)\s*$/.test(lead)) return { ge: first.from };
  if (/\b(before|until|till|prior to|earlier than|by)\s*$/.test(lead)) return { le: first.from };
  return { eq: first.from };
}

/** The text with its date phrases removed, with the word that bounds each ("since 2020"). */
export function withoutDates(text: string): string {
  let out = text;
  for (const date of findDates(text).reverse()) {
    const lead =
      /\b(?:since|after|from|starting|later than|before|until|till|prior to|earlier than|by|in|on|during|between|and|to|dated)\s*$/i.exec(
        out.slice(0, date.start),
      );
    out = `${out.slice(0, lead ? lead.index : date.start)} ${out.slice(date.end)}`;
  }
  return out.replace(/\s+/g, ' ').trim();
}
