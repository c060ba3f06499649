import type { ForeignKey } from './cdm-constraints.js';
import type { SqlRow } from './conform-rows.js';
import { bump, type Tally } from './tally.js';

/** Tables written with rows of the batch, by table name. */
export type BatchTables = Map<string, SqlRow[]>;

/** Referenced tables whose missing ids become 0 instead of null: the vocabulary. */
export const ZERO_FILLED_TABLES: ReadonlySet<string> = new Set(['concept']);

function relevant(tables: BatchTables, keys: readonly ForeignKey[]): ForeignKey[] {
  return keys.filter((key) => tables.has(key.table));
}

function idsIn(rows: readonly SqlRow[] | undefined, column: string): Set<string> {
  const ids = new Set<string>();
  for (const row of rows ?? []) {
    const id = row[column];
    if (id !== null && id !== undefined) ids.add(id);
  }
  return ids;
}

/**
 * The ids the batch's rows point at that the batch does not provide itself, per
 * referenced table: the loader asks the target database which of them exist.
 */
export function referencesOutsideBatch(
  tables: BatchTables,
  keys: readonly ForeignKey[],
): Map<string, Set<string>> {
  const outside = new Map<string, Set<string>>();
  for (const key of relevant(tables, keys)) {
    const provided = idsIn(tables.get(key.refTable), key.refColumn);
    for (const row of tables.get(key.table)!) {
      const id = row[key.column];
      if (id === null || id === undefined || provided.has(id)) continue;
      let ids = outside.get(key.refTable);
      if (!ids) outside.set(key.refTable, (ids = new Set()));
      ids.add(id);
    }
  }
  return outside;
}

export interface EnforcedKeys {
  rejected: Tally;
  adjusted: Tally;
}

/**
 * Makes every foreign key of the batch hold before the database checks it, so that a
 * dangling reference costs one value, not the batch: a concept id the target's
 * vocabulary lacks becomes 0; a dangling nullable reference becomes null; a row whose
 * required reference dangles is not written, and rows pointing at it are revisited
 * until nothing changes. `existing` holds, per referenced table, the ids found in the
 * target among those the batch does not provide. Mutates `tables`.
 */
export function enforceForeignKeys(
  tables: BatchTables,
  keys: readonly ForeignKey[],
  existing: ReadonlyMap<string, ReadonlySet<string>>,
  nullable: (table: string, column: string) => boolean,
): EnforcedKeys {
  const rejected: Tally = {};
  const adjusted: Tally = {};
  const active = relevant(tables, keys);

  for (const key of active.filter((candidate) => ZERO_FILLED_TABLES.has(candidate.refTable))) {
    const found = existing.get(key.refTable) ?? new Set<string>();
    for (const row of tables.get(key.table)!) {
      const id = row[key.column];
      if (id === null || id === undefined || id === '0' || found.has(id)) continue;
      row[key.column] = '0';
      bump(
        adjusted,
        `${key.table}.${key.column}: concept not in the target vocabulary, written as 0`,
      );
    }
  }

  const entityKeys = active.filter((candidate) => !ZERO_FILLED_TABLES.has(candidate.refTable));
  for (let changed = true; changed;) {
    changed = false;
    for (const key of entityKeys) {
      const present = idsIn(tables.get(key.refTable), key.refColumn);
      for (const id of existing.get(key.refTable) ?? []) present.add(id);
      const rows = tables.get(key.table)!;
      const kept: SqlRow[] = [];
      for (const row of rows) {
        const id = row[key.column];
        if (id === null || id === undefined || present.has(id)) {
          kept.push(row);
        } else if (nullable(key.table, key.column)) {
          row[key.column] = null;
          bump(
            adjusted,
            `${key.table}.${key.column}: points at no ${key.refTable} row, written as null`,
          );
          kept.push(row);
        } else {
          bump(rejected, `${key.table}: ${key.column} points at no ${key.refTable} row`);
          changed = true;
        }
      }
      if (kept.length !== rows.length) tables.set(key.table, kept);
    }
  }
  return { rejected, adjusted };
}

/**
 * Tables in an order where every referenced table comes first (self references and
 * references to tables outside the list are ignored); ties keep the given order.
 */
export function writeOrder(tables: readonly string[], keys: readonly ForeignKey[]): string[] {
  const pending = new Set(tables);
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].find((table) =>
      keys.every(
        (key) => key.table !== table || key.refTable === table || !pending.has(key.refTable),
      ),
    );
    // The CDM's clinical tables have no cycles; the official constraints are not deferrable.
    if (ready === undefined)
      throw new Error(`Foreign keys form a cycle among ${[...pending].join(', ')}`);
    ordered.push(ready);
    pending.delete(ready);
  }
  return ordered;
}
