import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import { CdmRowWriter, type BatchWrite } from '../../../application/ports/cdm-row-writer.js';
import type { BatchOutcome } from '../../../application/ports/load-run-store.js';
import { MAPPED_CDM_TABLES, rowKeyColumns } from '../../../domain/bulk/cdm-tables.js';
import { conformRows, type SqlRow } from '../../../domain/bulk/conform-rows.js';
import {
  enforceForeignKeys,
  referencesOutsideBatch,
  writeOrder,
  type BatchTables,
} from '../../../domain/bulk/foreign-keys.js';
import type { OmopTarget } from '../../../domain/bulk/omop-target.js';
import type { AllocatedIds, IdRequests } from '../../../domain/bulk/stable-id-mapping.js';
import type { OmopTableName } from '../../../domain/ids/omop-id-allocator.js';
import { mergeTally, type Tally } from '../../../domain/bulk/tally.js';
import { readTargetCatalog, type TargetCatalog } from './target-catalog.js';
import { inTransaction, TargetPools } from './target-pools.js';
import { copyUpsert, type TableWrite } from './copy-upsert.js';

// A batch's keys in one statement, as a rule (about 20 per resource).
const KEYS_PER_STATEMENT = 50_000;
const CACHED_CATALOGS = 8;

/** Code-unit order, as a plain `<` compares (no locale, unlike localeCompare). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byNumericKey(keys: readonly string[]) {
  return (a: SqlRow, b: SqlRow): number => {
    for (const key of keys) {
      const x = a[key] ?? '';
      const y = b[key] ?? '';
      const difference = x.length - y.length || compareText(x, y);
      if (difference !== 0) return difference;
    }
    return 0;
  };
}

/**
 * Writes a batch's rows into the CDM tables. Ids come from a map table in the target
 * (`_fhir_source_id`, one sequence per table), so the same source key keeps its id across
 * batches and runs and a re-run upserts instead of duplicating. Rows are fitted to the
 * DDL first (see conformRows and enforceForeignKeys), and written in an order where
 * referenced tables come first, sorted by key so concurrent batches lock rows in one order.
 */
@Injectable()
export class PgCdmRowWriter extends CdmRowWriter {
  private readonly catalogs = new Map<string, Promise<TargetCatalog>>();

  constructor(private readonly pools: TargetPools) {
    super();
  }

  async allocateIds(target: OmopTarget, requests: IdRequests): Promise<AllocatedIds> {
    const pool = this.pools.pool(target.url);
    const wanted: { table: OmopTableName; key: string }[] = [];
    for (const [table, keys] of requests) {
      if (!MAPPED_CDM_TABLES.includes(table)) throw new Error(`No id sequence for table ${table}`);
      for (const key of keys) wanted.push({ table, key });
    }
    // One order for every batch, so concurrent inserts of the same keys never deadlock.
    wanted.sort((a, b) => compareText(a.table, b.table) || compareText(a.key, b.key));
    const ids: AllocatedIds = new Map(
      [...requests.keys()].map((table) => [table, new Map<string, number>()]),
    );
    for (let start = 0; start < wanted.length; start += KEYS_PER_STATEMENT) {
      const chunk = wanted.slice(start, start + KEYS_PER_STATEMENT);
      const found = await this.allocateChunk(pool, target.schema, chunk);
      for (let index = 0; index < chunk.length; index++) {
        const id = found[index];
        if (id !== undefined) ids.get(chunk[index].table)!.set(chunk[index].key, id);
      }
    }
    return ids;
  }

  /**
   * Ids of every table's keys in one round trip: new keys are inserted and returned, known
   * ones read; answered by position in `chunk`. A key another batch inserts concurrently
   * is neither (its row is not in this statement's snapshot), so the few missing keys are
   * read again.
   */
  private async allocateChunk(
    pool: pg.Pool,
    schema: string,
    chunk: readonly { table: OmopTableName; key: string }[],
  ): Promise<(number | undefined)[]> {
    const tables = chunk.map((wanted) => wanted.table);
    const keys = chunk.map((wanted) => wanted.key);
    const found: (number | undefined)[] = new Array<number | undefined>(chunk.length);
    // Each table's own sequence (the names were checked against MAPPED_CDM_TABLES).
    const nextId = `CASE w.t ${[...new Set(tables)]
      .map((table) => `WHEN '${table}' THEN nextval('${schema}._fhir_id_${table}')`)
      .join(' ')} END`;
    const { rows } = await pool.query<[number, number]>({
      text: `WITH wanted AS (SELECT t, k, n::integer AS n FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS w(t, k, n)),
                  known AS (SELECT w.n, x.id FROM ${schema}._fhir_source_id x
                             JOIN wanted w ON x.table_name = w.t AND x.source_key = w.k),
                  added AS (INSERT INTO ${schema}._fhir_source_id (table_name, source_key, id)
                            SELECT w.t, w.k, ${nextId} FROM wanted w
                             WHERE NOT EXISTS (SELECT 1 FROM known WHERE known.n = w.n) ORDER BY w.n
                            ON CONFLICT DO NOTHING RETURNING table_name, source_key, id)
             SELECT n, id FROM known
             UNION ALL SELECT w.n, a.id FROM added a JOIN wanted w ON w.t = a.table_name AND w.k = a.source_key`,
      values: [tables, keys],
      rowMode: 'array',
    });
    for (const [n, id] of rows) found[n - 1] = id;
    const missing = chunk.flatMap((_, index) => (found[index] === undefined ? [index] : []));
    if (missing.length > 0) {
      const raced = await pool.query<[number, number]>({
        text: `SELECT w.n::integer, x.id FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS w(t, k, n)
                 JOIN ${schema}._fhir_source_id x ON x.table_name = w.t AND x.source_key = w.k`,
        values: [missing.map((index) => tables[index]), missing.map((index) => keys[index])],
        rowMode: 'array',
      });
      for (const [n, id] of raced.rows) found[missing[n - 1]] = id;
    }
    return found;
  }

  async write(target: OmopTarget, batch: BatchWrite): Promise<BatchOutcome> {
    const pool = this.pools.pool(target.url);
    const catalog = await this.catalog(pool, target, batch.runId);
    const { tables, rejected, adjusted } = await this.fit(pool, target, catalog, batch.tables);
    const order = writeOrder([...tables.keys()], catalog.foreignKeys);
    const personal = (table: string) =>
      catalog.tables.get(table)!.columns.some((column) => column.name === 'person_id');
    const rows: Record<string, number> = {};
    const sharedTables = order.filter((name) => !personal(name));
    if (!batch.ownsSharedRows)
      await this.skipOwnedRows(pool, target, batch.runId, tables, sharedTables);
    // Shared rows first, in their own short transaction: patient batches then only take
    // key-share locks on them, and concurrent batches never wait on each other in a cycle.
    await inTransaction(pool, async (client) => {
      await copyUpsert(client, target.schema, this.tableWrites(catalog, sharedTables, tables));
      for (const table of sharedTables) {
        const tableRows = tables.get(table)!;
        rows[table] = tableRows.length;
        if (batch.ownsSharedRows)
          await this.recordOwned(client, target, batch.runId, catalog, table, tableRows);
      }
    });
    const outcome: BatchOutcome = { ...batch.mapping, rows, rejected, adjusted };
    await inTransaction(pool, async (client) => {
      const personalTables = order.filter(personal);
      await copyUpsert(client, target.schema, this.tableWrites(catalog, personalTables, tables));
      for (const table of personalTables) rows[table] = tables.get(table)!.length;
      // The batch's patients are written as of this input: the next run may skip them.
      await client.query(
        `INSERT INTO ${target.schema}._fhir_patient_digest (patient_key, digest)
         SELECT d.key, d.value FROM ${target.schema}._fhir_load_batch b, jsonb_each_text(b.digests) AS d
          WHERE b.run_id = $1 AND b.batch_no = $2 AND b.status = 'pending'
         ON CONFLICT (patient_key) DO UPDATE SET digest = EXCLUDED.digest, updated_at = now()`,
        [batch.runId, batch.batchNo],
      );
      await client.query(
        `UPDATE ${target.schema}._fhir_load_batch SET status = 'done', outcome = $3, updated_at = now()
          WHERE run_id = $1 AND batch_no = $2 AND status = 'pending'`,
        [batch.runId, batch.batchNo, JSON.stringify(outcome)],
      );
    });
    return outcome;
  }

  /** The mapped rows fitted to the target's DDL and foreign keys (see conformRows, enforceForeignKeys). */
  private async fit(
    pool: pg.Pool,
    target: OmopTarget,
    catalog: TargetCatalog,
    mapped: BatchWrite['tables'],
  ): Promise<{ tables: BatchTables; rejected: Tally; adjusted: Tally }> {
    const rejected: Tally = {};
    const adjusted: Tally = {};
    const tables: BatchTables = new Map();
    const tablesOut = mapped as Record<string, unknown[] | undefined>;
    for (const [table, rows] of Object.entries(mapped) as [string, Record<string, unknown>[]][]) {
      // The mapped rows are consumed: released as soon as their conformed copies exist.
      delete tablesOut[table];
      if (!rows || rows.length === 0) continue;
      const shape = catalog.tables.get(table);
      if (!shape) {
        mergeTally(rejected, { [`${table}: no such table in the target schema`]: rows.length });
        continue;
      }
      const keys = rowKeyColumns(table, shape.primaryKey);
      const conformed = conformRows(table, rows, shape.columns, keys);
      mergeTally(rejected, conformed.rejected);
      mergeTally(adjusted, conformed.adjusted);
      tables.set(table, conformed.rows);
    }
    const existing = await this.existingReferences(pool, target, catalog, tables);
    const nullable = (table: string, column: string) =>
      Boolean(
        catalog.tables.get(table)?.columns.find((candidate) => candidate.name === column)?.nullable,
      );
    const enforced = enforceForeignKeys(tables, catalog.foreignKeys, existing, nullable);
    mergeTally(rejected, enforced.rejected);
    mergeTally(adjusted, enforced.adjusted);
    return { tables, rejected, adjusted };
  }

  /** The tables' rows, sorted by key so concurrent batches lock rows in one order. */
  private tableWrites(
    catalog: TargetCatalog,
    names: readonly string[],
    tables: BatchTables,
  ): TableWrite[] {
    return names.map((table) => {
      const shape = catalog.tables.get(table)!;
      const keys = rowKeyColumns(table, shape.primaryKey);
      const rows = tables.get(table)!;
      rows.sort(byNumericKey(keys));
      return {
        table,
        columns: shape.columns,
        rows,
        keys,
        replaceByKeys: shape.primaryKey.length === 0 && keys.length > 0,
      };
    });
  }

  /**
   * Rows of shared tables (provider, care_site, location) that the run's batches of shared
   * resources wrote are theirs: they saw every PractitionerRole and Organization, a patient
   * batch sees only those its patients reference, so its version of such a row may be
   * poorer. A patient batch writes only the shared-table rows nobody owns (a patient's
   * address becomes a location only there).
   */
  private async skipOwnedRows(
    pool: pg.Pool,
    target: OmopTarget,
    runId: string,
    tables: BatchTables,
    sharedTables: readonly string[],
  ): Promise<void> {
    // Every shared table's ids in one round trip.
    const tableNames: string[] = [];
    const ids: string[] = [];
    for (const table of sharedTables)
      for (const row of tables.get(table)!) {
        const id = row[`${table}_id`];
        if (id === null || id === undefined) continue;
        tableNames.push(table);
        ids.push(id);
      }
    if (ids.length === 0) return;
    const { rows: owned } = await pool.query<[string, string]>({
      text: `SELECT o.table_name, o.id::text FROM ${target.schema}._fhir_load_owned o
               JOIN unnest($2::text[], $3::integer[]) AS w(table_name, id)
                 ON o.table_name = w.table_name AND o.id = w.id
              WHERE o.run_id = $1`,
      values: [runId, tableNames, ids],
      rowMode: 'array',
    });
    if (owned.length === 0) return;
    const skip = new Map<string, Set<string>>();
    for (const [table, id] of owned) {
      let ofTable = skip.get(table);
      if (!ofTable) skip.set(table, (ofTable = new Set()));
      ofTable.add(id);
    }
    for (const [table, ofTable] of skip) {
      const idColumn = `${table}_id`;
      tables.set(
        table,
        tables.get(table)!.filter((row) => !ofTable.has(row[idColumn] ?? '')),
      );
    }
  }

  private async recordOwned(
    client: pg.PoolClient,
    target: OmopTarget,
    runId: string,
    catalog: TargetCatalog,
    table: string,
    rows: readonly SqlRow[],
  ): Promise<void> {
    const idColumn = `${table}_id`;
    if (!catalog.tables.get(table)?.columns.some((column) => column.name === idColumn)) return;
    const ids = rows.map((row) => row[idColumn]);
    await client.query(
      `INSERT INTO ${target.schema}._fhir_load_owned (run_id, table_name, id)
       SELECT $1, $2, id FROM unnest($3::integer[]) AS id ON CONFLICT DO NOTHING`,
      [runId, table, ids],
    );
    await client.query(
      `INSERT INTO ${target.schema}._fhir_shared_owned (table_name, id)
       SELECT $1, id FROM unnest($2::integer[]) AS id ON CONFLICT DO NOTHING`,
      [table, ids],
    );
  }

  /** Per referenced table, which of the ids the batch points at but does not provide exist in the target. */
  private async existingReferences(
    pool: pg.Pool,
    target: OmopTarget,
    catalog: TargetCatalog,
    tables: BatchTables,
  ): Promise<Map<string, Set<string>>> {
    const existing = new Map<string, Set<string>>();
    const outside = referencesOutsideBatch(tables, catalog.foreignKeys);
    for (const [refTable, ids] of outside) {
      const found = new Set<string>();
      const refColumns = new Set(
        catalog.foreignKeys.filter((key) => key.refTable === refTable).map((key) => key.refColumn),
      );
      for (const name of refColumns) {
        const column = catalog.tables
          .get(refTable)
          ?.columns.find((candidate) => candidate.name === name);
        if (!column) continue;
        const result = await pool.query<{ id: string }>(
          `SELECT ${column.name}::text AS id FROM ${target.schema}.${refTable}
            WHERE ${column.name} = ANY($1::${column.sqlType}[])`,
          [[...ids]],
        );
        for (const row of result.rows) found.add(row.id);
      }
      existing.set(refTable, found);
    }
    return existing;
  }

  private catalog(pool: pg.Pool, target: OmopTarget, runId: string): Promise<TargetCatalog> {
    const key = `${target.url}|${target.schema}|${runId}`;
    let catalog = this.catalogs.get(key);
    if (!catalog) {
      if (this.catalogs.size >= CACHED_CATALOGS)
        this.catalogs.delete(this.catalogs.keys().next().value!);
      catalog = readTargetCatalog(pool, target.schema);
      void catalog.catch(() => this.catalogs.delete(key));
      this.catalogs.set(key, catalog);
    }
    return catalog;
  }
}
