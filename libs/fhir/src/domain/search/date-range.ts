/**
 * A FHIR date, dateTime or instant as the span of time it denotes: `2020` is the whole
 * year, `2020-03-04T10:00` the whole minute. `low` is inclusive, `high` exclusive, both
 * ISO instants; a missing bound is open. Values without a time zone are read as UTC.
 */
export interface TimeSpan {
  low: string | null;
  high: string | null;
}

const DATE_TIME =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

export function parseFhirDateSpan(text: string): TimeSpan | undefined {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const y = Number(year);
  const mo = month === undefined ? undefined : Number(month) - 1;
  const d = day === undefined ? undefined : Number(day);
  if (mo !== undefined && (mo < 0 || mo > 11)) return undefined;
  if (d !== undefined && (d < 1 || d > daysInMonth(y, mo ?? 0))) return undefined;
  if (mo === undefined) return span(Date.UTC(y, 0, 1), Date.UTC(y + 1, 0, 1));
  if (d === undefined) return span(Date.UTC(y, mo, 1), Date.UTC(y, mo + 1, 1));
  if (hour === undefined) return span(Date.UTC(y, mo, d), Date.UTC(y, mo, d + 1));

  const h = Number(hour);
  const mi = Number(minute);
  const s = second === undefined ? 0 : Number(second);
  if (h > 23 || mi > 59 || s > 60) return undefined;
  const millis = fraction === undefined ? 0 : Math.floor(Number(`0${fraction}`) * 1000);
  const offsetMs = zoneOffsetMs(zone);
  const start = Date.UTC(y, mo, d, h, mi, s, millis) - offsetMs;
  const width = second === undefined ? 60_000 : fraction === undefined ? 1000 : 1;
  return span(start, start + width);
}

/** The span of a FHIR Period: open ends stay open; each end keeps its own precision. */
export function periodSpan(
  start: string | undefined,
  end: string | undefined,
): TimeSpan | undefined {
  const from = start === undefined ? undefined : parseFhirDateSpan(start);
  const to = end === undefined ? undefined : parseFhirDateSpan(end);
  if (from === undefined && to === undefined) return undefined;
  return { low: from?.low ?? null, high: to?.high ?? null };
}

function span(low: number, high: number): TimeSpan {
  return { low: new Date(low).toISOString(), high: new Date(high).toISOString() };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function zoneOffsetMs(zone: string | undefined): number {
  if (zone === undefined || zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const [hours, minutes] = zone.slice(1).split(':').map(Number);
  return sign * (hours * 60 + minutes) * 60_000;
}
