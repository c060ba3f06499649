import type { VocabularyTable } from '../../domain/athena-tables.js';

export const STAGE = 'athena_stage';

/** An unindexed session-local copy of the table's columns, dropped at commit. */
export function createStageSql(table: VocabularyTable): string {
  const columns = table.columns.map(([name]) => name).join(', ');
  return `CREATE TEMP TABLE ${STAGE} ON COMMIT DROP AS SELECT ${columns} FROM vocab.${table.table} WITH NO DATA`;
}

export function copyTargetSql(table: VocabularyTable): string {
  return `${STAGE} (${table.columns.map(([name]) => name).join(', ')})`;
}

/**
 * One upsert of the whole stage: new keys inserted, changed rows updated, unchanged rows
 * left alone (so a re-run writes nothing). With `lastPerKey`, a file that repeats a key
 * contributes its last row, as a row-by-row import would have.
 */
export function upsertFromStageSql(table: VocabularyTable, lastPerKey: boolean): string {
  const names = table.columns.map(([name]) => name);
  const updates = names.filter((name) => !table.key.includes(name));
  const keys = table.key.join(', ');
  const source = lastPerKey
    ? `SELECT DISTINCT ON (${keys}) ${names.join(', ')} FROM ${STAGE} ORDER BY ${keys}, ctid DESC`
    : `SELECT ${names.join(', ')} FROM ${STAGE}`;
  const conflict =
    updates.length === 0
      ? 'DO NOTHING'
      : `DO UPDATE SET ${updates.map((name) => `${name} = EXCLUDED.${name}`).join(', ')}
         WHERE (${updates.map((name) => `t.${name}`).join(', ')}) IS DISTINCT FROM (${updates.map((name) => `EXCLUDED.${name}`).join(', ')})`;
  return `INSERT INTO vocab.${table.table} AS t (${names.join(', ')}) ${source} ON CONFLICT (${keys}) ${conflict}`;
}

/** The table's indexes, with the constraint each one backs (its primary key). */
export function indexesSql(table: VocabularyTable): string {
  return `SELECT i.indexname AS name, i.indexdef AS "indexDefinition", c.conname AS "constraint",
                 pg_get_constraintdef(c.oid) AS "constraintDefinition"
          FROM pg_indexes i
          LEFT JOIN pg_constraint c ON c.conname = i.indexname AND c.conrelid = 'vocab.${table.table}'::regclass
          WHERE i.schemaname = 'vocab' AND i.tablename = '${table.table}'`;
}

/** Keeps the physically last row of each key (the one a file wrote last). */
export function dropRepeatedKeysSql(table: VocabularyTable): string {
  const same = table.key.map((name) => `a.${name} = b.${name}`).join(' AND ');
  return `DELETE FROM vocab.${table.table} a USING vocab.${table.table} b WHERE ${same} AND a.ctid < b.ctid`;
}
