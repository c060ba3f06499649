import { cutToLength, isConceptColumn, sqlText, type CdmColumn } from './cdm-columns.js';
import { bump, type Tally } from './tally.js';

/** A row ready for SQL: every column of the table, as text or null. */
export type SqlRow = Record<string, string | null>;

export interface ConformedRows {
  rows: SqlRow[];
  /** Rows not written, by reason. */
  rejected: Tally;
  /** Values changed so that the row fits the DDL, by reason. */
  adjusted: Tally;
}

/**
 * Fits mapped rows to the target table's DDL so that one odd value never fails a whole
 * batch: over-long text is cut to the column's length, a value of the wrong type becomes
 * null, an empty required `*_concept_id` becomes 0 (the CDM's "no matching concept"), and
 * a row missing another required value is not written. Every change is counted.
 * Rows with the same key keep the last one (an upsert cannot touch a row twice).
 */
export function conformRows(
  table: string,
  rows: readonly Record<string, unknown>[],
  columns: readonly CdmColumn[],
  keyColumns: readonly string[],
): ConformedRows {
  const rejected: Tally = {};
  const adjusted: Tally = {};
  const known = new Set(columns.map((column) => column.name));
  const byKey = new Map<string, SqlRow>();
  const unkeyed: SqlRow[] = [];

  rows: for (const source of rows) {
    for (const field in source) {
      const given = source[field];
      if (given !== null && given !== undefined && !known.has(field))
        bump(adjusted, `${table}.${field}: not a column of the CDM table, not written`);
    }
    const row: SqlRow = {};
    for (const column of columns) {
      let value = sqlText(column, source[column.name]);
      if (value === undefined) {
        bump(adjusted, `${table}.${column.name}: not a valid ${column.sqlType}, written as null`);
        value = null;
      } else if (value !== null) {
        const cut = cutToLength(column, value);
        if (cut !== undefined) {
          bump(
            adjusted,
            `${table}.${column.name}: longer than ${column.maxLength} characters, cut`,
          );
          value = cut;
        }
      }
      if (value === null && !column.nullable) {
        if (isConceptColumn(column.name)) {
          bump(adjusted, `${table}.${column.name}: empty, written as concept 0`);
          value = '0';
        } else {
          bump(rejected, `${table}: ${column.name} is required and was empty`);
          continue rows;
        }
      }
      row[column.name] = value;
    }
    if (keyColumns.length === 0) {
      unkeyed.push(row);
      continue;
    }
    const key =
      keyColumns.length === 1
        ? (row[keyColumns[0]] ?? '')
        : keyColumns.map((column) => row[column]).join('|');
    if (byKey.has(key)) bump(adjusted, `${table}: same id mapped twice, the last row kept`);
    byKey.set(key, row);
  }
  return { rows: [...byKey.values(), ...unkeyed], rejected, adjusted };
}
