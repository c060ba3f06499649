import type { VocabularyTable } from '../../domain/athena-tables.js';

export const STAGE = 'athena_stage';

/** An unindexed session-local copy of the table (its columns and NOT NULLs), dropped at commit. */
export function createStageSql(table: VocabularyTable): string {
  return `CREATE TEMP TABLE ${STAGE} (LIKE vocab.${table.table}) ON COMMIT DROP`;
}

export function copyTargetSql(columns: readonly string[]): string {
  return `${STAGE} (${columns.join(', ')})`;
}

/**
 * COPY options that read an Athena file's lines as they are: tab-delimited, no quoting (a
 * backspace, which Athena text never holds, is the quote character), no escapes, an empty
 * cell null except in required text columns (an empty name stays an empty name).
 * PostgreSQL reads YYYYMMDD and YYYY-MM-DD dates alike.
 */
export function copyOptions(table: VocabularyTable, columns: readonly string[]): string {
  const emptyText = table.columns
    .filter(([name, type, required]) => type === 'text' && required && columns.includes(name))
    .map(([name]) => name);
  const options = ["FORMAT csv, DELIMITER E'\\t', QUOTE E'\\b'"];
  if (emptyText.length > 0) options.push(`FORCE_NOT_NULL (${emptyText.join(', ')})`);
  return options.join(', ');
}

/**
 * The vocabularies the concepts just loaded name: in the table itself after a first import
 * (a skip scan of its (vocabulary_id, concept_code) index, a few probes per vocabulary),
 * in the stage otherwise.
 */
export function vocabularyIdsSql(intoEmpty: boolean): string {
  if (!intoEmpty) return `SELECT DISTINCT vocabulary_id AS id FROM ${STAGE}`;
  return `WITH RECURSIVE ids AS (
            (SELECT vocabulary_id FROM vocab.concept ORDER BY vocabulary_id LIMIT 1)
            UNION ALL
            SELECT (SELECT c.vocabulary_id FROM vocab.concept c WHERE c.vocabulary_id > ids.vocabulary_id
                    ORDER BY c.vocabulary_id LIMIT 1)
            FROM ids WHERE ids.vocabulary_id IS NOT NULL
          )
          SELECT vocabulary_id AS id FROM ids WHERE vocabulary_id IS NOT NULL`;
}

/**
 * One upsert of the whole stage: new keys inserted, changed rows updated, unchanged rows
 * left alone (so a re-run writes nothing); answers the count of rows written. With
 * `lastPerKey`, a file that repeats a key contributes its last row, as a row-by-row import
 * would have.
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
  return `WITH written AS (
            INSERT INTO vocab.${table.table} AS t (${names.join(', ')}) ${source} ON CONFLICT (${keys}) ${conflict}
            RETURNING 1
          )
          SELECT count(*)::int AS count FROM written`;
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
