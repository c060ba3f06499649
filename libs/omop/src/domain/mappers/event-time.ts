import { parseFhirMoment, type OmopMoment } from '../fhir/fhir-date.js';
import { child, type JsonObject } from '../fhir/json.js';

export interface EventTime {
  start: OmopMoment;
  end?: OmopMoment;
}

/**
 * The time of an event from the first of several `[x]` candidates that parses: a
 * dateTime/instant/date names a moment; a Period names a start and an end.
 */
export function eventTime(
  resource: JsonObject,
  moments: string[],
  periods: string[],
): EventTime | undefined {
  for (const name of periods) {
    const period = child(resource[name]);
    const start = parseFhirMoment(period?.start);
    if (start) {
      const end = parseFhirMoment(period?.end);
      // An end before the start is a data error; the record is kept as if open-ended.
      return end && end.date >= start.date ? { start, end } : { start };
    }
  }
  for (const name of moments) {
    const start = parseFhirMoment(resource[name]);
    if (start) return { start };
  }
  return undefined;
}

/** A date `days` after a moment, for ends derived from a days' supply. */
export function addDays(moment: OmopMoment, days: number): OmopMoment {
  const date = new Date(`${moment.date}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + Math.max(0, Math.round(days)));
  return { date: date.toISOString().slice(0, 10), datetime: null, imputed: false };
}
