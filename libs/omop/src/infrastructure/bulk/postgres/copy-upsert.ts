import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { copyTextFields } from '@app/platform';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { CdmColumn } from '../../../domain/bulk/cdm-columns.js';
import type { SqlRow } from '../../../domain/bulk/conform-rows.js';

export interface TableWrite {
  table: string;
  columns: readonly CdmColumn[];
  rows: readonly SqlRow[];
  /** Key columns to upsert on; none: plain insert. */
  keys: readonly string[];
  /** No primary key to upsert on (death, fact_relationship): rows of these keys are replaced. */
  replaceByKeys: boolean;
}

const ROWS_PER_CHUNK = 2_000;

const stageName = (schema: string, table: string) => `_stage_${schema}_${table}`;

/** Rows as COPY text lines, a chunk of lines at a time, built straight from the rows. */
function* copyChunks(write: TableWrite): Iterable<string> {
  const names = write.columns.map((column) => column.name);
  let chunk = '';
  for (let index = 0; index < write.rows.length; index++) {
    chunk += copyTextFields(write.rows[index], names);
    if ((index + 1) % ROWS_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** COPY of ready text-format lines into `into` (a table, with its column list). */
export async function copyLines(client: pg.PoolClient, into: string, lines: string): Promise<void> {
  await pipeline(Readable.from([lines]), client.query(copyFrom(`COPY ${into} FROM STDIN`)));
}

function mergeSql(schema: string, write: TableWrite): string {
  const names = write.columns.map((column) => column.name);
  const stage = stageName(schema, write.table);
  const into = `INSERT INTO ${schema}.${write.table} AS t (${names.join(', ')}) SELECT ${names.join(', ')} FROM ${stage}`;
  if (write.replaceByKeys) {
    const matches = write.keys.map((key) => `t.${key} = s.${key}`).join(' AND ');
    return `DELETE FROM ${schema}.${write.table} t USING ${stage} s WHERE ${matches}; ${into}`;
  }
  if (write.keys.length === 0) return into;
  const others = names.filter((name) => !write.keys.includes(name));
  if (others.length === 0) return `${into} ON CONFLICT (${write.keys.join(', ')}) DO NOTHING`;
  // Unchanged rows are left alone: a re-run writes nothing it does not need to.
  return (
    `${into} ON CONFLICT (${write.keys.join(', ')}) DO UPDATE SET ` +
    others.map((name) => `${name} = EXCLUDED.${name}`).join(', ') +
    ` WHERE (${others.map((name) => `t.${name}`).join(', ')}) IS DISTINCT FROM (${others
      .map((name) => `EXCLUDED.${name}`)
      .join(', ')})`
  );
}

/**
 * Writes several tables' rows in the client's open transaction: each table's rows go
 * through COPY into an unindexed session-local stage (emptied at commit), then one
 * statement per table merges the stage in, in the order given. Round trips: one to
 * create the stages, one COPY per table, one for all the merges.
 */
export async function copyUpsert(
  client: pg.PoolClient,
  schema: string,
  writes: readonly TableWrite[],
): Promise<void> {
  const filled = writes.filter((write) => write.rows.length > 0);
  if (filled.length === 0) return;
  await client.query(
    filled
      .map(
        (write) =>
          `CREATE TEMP TABLE IF NOT EXISTS ${stageName(schema, write.table)} ON COMMIT DELETE ROWS AS SELECT ${write.columns
            .map((column) => column.name)
            .join(', ')} FROM ${schema}.${write.table} WITH NO DATA`,
      )
      .join('; '),
  );
  for (const write of filled) {
    const names = write.columns.map((column) => column.name).join(', ');
    const stream = client.query(
      copyFrom(`COPY ${stageName(schema, write.table)} (${names}) FROM STDIN`),
    );
    await pipeline(Readable.from(copyChunks(write)), stream);
  }
  await client.query(filled.map((write) => mergeSql(schema, write)).join('; '));
}
