/**
 * FHIR date, dateTime and instant values to OMOP dates and datetimes.
 *
 * Every datetime is converted to UTC, the one time zone of the output (IG f2o-072), and
 * the date is the UTC date of that instant, so `*_date` and `*_datetime` always agree.
 * A value without a time (a FHIR date) keeps its calendar date and has no datetime. A
 * partial date (`2012`, `2012-05`) is imputed to the first day of its year or month.
 */
export interface OmopMoment {
  date: string;
  datetime: string | null;
  /** True when the day (or month) was imputed from a partial date. */
  imputed: boolean;
}

const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const cache = new Map<string, OmopMoment | undefined>();
const CACHE_LIMIT = 50_000;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function parse(trimmed: string): OmopMoment | undefined {
  const date = DATE.exec(trimmed);
  if (date) {
    const [, year, month = '01', day = '01'] = date;
    if (!validDay(Number(year), Number(month), Number(day))) return undefined;
    return {
      date: `${year}-${month}-${day}`,
      datetime: null,
      imputed: date[2] === undefined || date[3] === undefined,
    };
  }
  const dateTime = DATE_TIME.exec(trimmed);
  if (!dateTime) return undefined;
  const [, year, month, day, hour, minute, second = '00', zone] = dateTime;
  if (!validDay(Number(year), Number(month), Number(day))) return undefined;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return undefined;
  // A dateTime without a zone is read as UTC: FHIR requires a zone when a time is given.
  let offsetMinutes = 0;
  if (zone !== undefined && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    offsetMinutes = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  }
  const instant = new Date(
    Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute) - offsetMinutes,
      Number(second),
    ),
  );
  const utcDate = `${pad(instant.getUTCFullYear(), 4)}-${pad(instant.getUTCMonth() + 1)}-${pad(instant.getUTCDate())}`;
  return {
    date: utcDate,
    datetime: `${utcDate}T${pad(instant.getUTCHours())}:${pad(instant.getUTCMinutes())}:${pad(instant.getUTCSeconds())}Z`,
    imputed: false,
  };
}

/** Cached per process: the same timestamps recur across the resources of one record. */
export function parseFhirMoment(value: unknown): OmopMoment | undefined {
  if (typeof value !== 'string') return undefined;
  if (cache.has(value)) return cache.get(value);
  const moment = parse(value.trim());
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(value, moment);
  return moment;
}

export function isFhirDateLike(value: string): boolean {
  return parseFhirMoment(value) !== undefined;
}

/** Earlier of two dates (YYYY-MM-DD strings compare as text). */
export function minDate(a: string, b: string): string {
  return a <= b ? a : b;
}

export function maxDate(a: string, b: string): string {
  return a >= b ? a : b;
}
