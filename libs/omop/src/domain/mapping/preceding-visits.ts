import type { VisitDetailRow, VisitOccurrenceRow } from '../model/omop-rows.js';
import type { MappingRun } from './mapping-run.js';

function ordered<T>(rows: T[], start: (row: T) => string, tie: (row: T) => string): T[] {
  return [...rows].sort((a, b) => {
    const [x, y] = [start(a) + '\u0000' + tie(a), start(b) + '\u0000' + tie(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** Source keys by row id: ties are broken by them, so that any id scheme gives one order. */
function keysById(registry: MappingRun['visits']): Map<number, string> {
  const keys = new Map<number, string>();
  for (const [entry, id] of registry) if (!keys.has(id)) keys.set(id, entry.key);
  return keys;
}

/** Per person (and per visit for details), each row's preceding row in start order. */
function link<T>(
  rows: T[],
  group: (row: T) => string,
  start: (row: T) => string,
  id: (row: T) => number,
  keys: ReadonlyMap<number, string>,
  set: (row: T, preceding: number) => void,
): void {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = group(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  for (const list of groups.values()) {
    const sorted = ordered(list, start, (row) => keys.get(id(row)) ?? '');
    for (let index = 1; index < sorted.length; index++) set(sorted[index], id(sorted[index - 1]));
  }
}

/**
 * preceding_visit_occurrence_id: the person's previous visit by start (datetime, else
 * date; ties by source key), as ETL-Synthea writes it; likewise preceding_visit_detail_id within
 * a visit. Only visits of this response are known, so the first one has none.
 */
export function writePrecedingVisits(run: MappingRun): void {
  const visitStart = (row: VisitOccurrenceRow) => row.visit_start_datetime ?? row.visit_start_date;
  link(
    run.tables.visit_occurrence,
    (row) => String(row.person_id),
    visitStart,
    (row) => row.visit_occurrence_id,
    keysById(run.visits),
    (row, preceding) => (row.preceding_visit_occurrence_id = preceding),
  );
  const detailStart = (row: VisitDetailRow) =>
    row.visit_detail_start_datetime ?? row.visit_detail_start_date;
  link(
    run.tables.visit_detail,
    (row) => String(row.visit_occurrence_id),
    detailStart,
    (row) => row.visit_detail_id,
    keysById(run.visitDetails),
    (row, preceding) => (row.preceding_visit_detail_id = preceding),
  );
}
