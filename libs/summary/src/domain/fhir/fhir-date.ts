/**
 * FHIR dates read lexically: a value is formatted in the offset it was written in, never
 * converted to the server's zone, so that the same data always gives the same text.
 */
export interface DateParts {
  year: number;
  month?: number;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
}

const FHIR_DATE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?)?)?$/;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function parseFhirDate(value: unknown): DateParts | null {
  if (typeof value !== 'string') return null;
  const match = FHIR_DATE.exec(value.trim());
  if (!match) return null;
  const number = (index: number): number | undefined =>
    match[index] === undefined ? undefined : Number(match[index]);
  const parts: DateParts = { year: Number(match[1]) };
  const fields: [keyof DateParts, number][] = [
    ['month', 2],
    ['day', 3],
    ['hour', 4],
    ['minute', 5],
    ['second', 6],
  ];
  for (const [field, index] of fields) {
    const parsed = number(index);
    if (parsed !== undefined) parts[field] = parsed;
  }
  if (parts.month !== undefined && (parts.month < 1 || parts.month > 12)) return null;
  if (parts.day !== undefined && (parts.day < 1 || parts.day > 31)) return null;
  return parts;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

type TokenWriter = (parts: DateParts) => string | undefined;

const TOKENS: Record<string, TokenWriter> = {
  yyyy: (p) => pad(p.year, 4),
  yy: (p) => pad(p.year % 100),
  MMMM: (p) => (p.month === undefined ? undefined : MONTHS[p.month - 1]),
  MMM: (p) => (p.month === undefined ? undefined : MONTHS[p.month - 1]?.slice(0, 3)),
  MM: (p) => (p.month === undefined ? undefined : pad(p.month)),
  M: (p) => (p.month === undefined ? undefined : String(p.month)),
  dd: (p) => (p.day === undefined ? undefined : pad(p.day)),
  d: (p) => (p.day === undefined ? undefined : String(p.day)),
  EEEE: (p) => weekday(p),
  EEE: (p) => weekday(p)?.slice(0, 3),
  HH: (p) => (p.hour === undefined ? undefined : pad(p.hour)),
  H: (p) => (p.hour === undefined ? undefined : String(p.hour)),
  hh: (p) => (p.hour === undefined ? undefined : pad(((p.hour + 11) % 12) + 1)),
  h: (p) => (p.hour === undefined ? undefined : String(((p.hour + 11) % 12) + 1)),
  mm: (p) => (p.minute === undefined ? undefined : pad(p.minute)),
  ss: (p) => (p.minute === undefined ? undefined : pad(p.second ?? 0)),
  a: (p) => (p.hour === undefined ? undefined : p.hour < 12 ? 'AM' : 'PM'),
};

function weekday(parts: DateParts): string | undefined {
  if (parts.month === undefined || parts.day === undefined) return undefined;
  return WEEKDAYS[new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay()];
}

/** Pattern letters runs (yyyy, MMMM, d, HH, …) are fields; "quoted text" and other characters are literal. */
function tokenize(pattern: string): string[] {
  const tokens: string[] = [];
  let index = 0;
  while (index < pattern.length) {
    const char = pattern[index];
    if (char === '"') {
      const end = pattern.indexOf('"', index + 1);
      const stop = end < 0 ? pattern.length : end;
      tokens.push(`"${pattern.slice(index + 1, stop)}`);
      index = stop + 1;
      continue;
    }
    let end = index + 1;
    while (end < pattern.length && pattern[end] === char) end += 1;
    const run = pattern.slice(index, end);
    tokens.push(/[A-Za-z]/.test(char) ? run : `"${run}`);
    index = end;
  }
  return tokens;
}

/** Letters of a pattern that are not fields; a pattern holding them is rejected. */
export function unknownPatternLetters(pattern: string): string[] {
  return tokenize(pattern).filter((token) => !token.startsWith('"') && TOKENS[token] === undefined);
}

/** Formats the parts with a pattern; null when the pattern needs a part the value does not have. */
export function formatDateParts(parts: DateParts, pattern: string): string | null {
  let output = '';
  for (const token of tokenize(pattern)) {
    if (token.startsWith('"')) {
      output += token.slice(1);
      continue;
    }
    const writer = TOKENS[token];
    const text = writer ? writer(parts) : undefined;
    if (text === undefined) return null;
    output += text;
  }
  return output;
}

/** Whole years from a birth date to `now` (months and days taken as 1 when absent). */
export function ageInYears(birth: DateParts, now: Date): number {
  const month = birth.month ?? 1;
  const day = birth.day ?? 1;
  let years = now.getUTCFullYear() - birth.year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) years -= 1;
  return years;
}

export function hasTime(parts: DateParts): boolean {
  return parts.hour !== undefined;
}
