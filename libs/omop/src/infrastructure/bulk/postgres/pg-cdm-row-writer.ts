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
import { idKey, type IdRequests } from '../../../domain/bulk/stable-id-mapping.js';
import { mergeTally, type Tally } from '../../../domain/bulk/tally.js';
import { readTargetCatalog, type TargetCatalog } from './target-catalog.js';
import { inTransaction, TargetPools } from './target-pools.js';
import { copyUpsert, type TableWrite } from './copy-upsert.js';

const KEYS_PER_STATEMENT = 10_000;
const CACHED_CATALOGS = 8;

function byNumericKey(keys: readonly string[]) {
  return (a: SqlRow, b: SqlRow): number => {
    for (const key of keys) {
      const [x, y] = [a[key] ?? '', b[key] ?? ''];
      const difference = x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
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

  async allocateIds(target: OmopTarget, requests: IdRequests): Promise<Map<string, number>> {
    const pool = this.pools.pool(target.url);
    const ids = new Map<string, number>();
    for (const [table, keySet] of requests) {
      if (!MAPPED_CDM_TABLES.includes(table)) throw new Error(`No id sequence for table ${table}`);
      const keys = [...keySet].sort();
      for (let start = 0; start < keys.length; start += KEYS_PER_STATEMENT) {
        const chunk = keys.slice(start, start + KEYS_PER_STATEMENT);
        // One round trip: new keys are inserted and returned, known ones read. A key
        // another batch inserts concurrently is neither (its row is not in this
        // statement's snapshot), so the few missing keys are read again.
        const found = await pool.query<{ source_key: string; id: number }>(
          `WITH wanted AS (SELECT DISTINCT k FROM unnest($2::text[]) AS k),
                known AS (SELECT x.source_key, x.id FROM ${target.schema}._fhir_source_id x
                           JOIN wanted ON x.table_name = $1 AND x.source_key = wanted.k),
                added AS (INSERT INTO ${target.schema}._fhir_source_id (table_name, source_key, id)
                          SELECT $1, k, nextval('${target.schema}._fhir_id_${table}') FROM wanted
                           WHERE k NOT IN (SELECT source_key FROM known)
                          ON CONFLICT DO NOTHING RETURNING source_key, id)
           SELECT source_key, id FROM known UNION ALL SELECT source_key, id FROM added`,
          [table, chunk],
        );
        if (found.rows.length < chunk.length) {
          const raced = await pool.query<{ source_key: string; id: number }>(
            `SELECT source_key, id FROM ${target.schema}._fhir_source_id
              WHERE table_name = $1 AND source_key = ANY($2::text[])`,
            [table, chunk],
          );
          found.rows.push(...raced.rows);
        }
        for (const row of found.rows) ids.set(idKey(table, row.source_key), row.id);
      }
    }
    return ids;
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
    for (const [table, rows] of Object.entries(mapped) as [string, Record<string, unknown>[]][]) {
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
    for (const table of sharedTables) {
      const idColumn = `${table}_id`;
      const rows = tables.get(table)!;
      const ids = rows
        .map((row) => row[idColumn])
        .filter((id): id is string => id !== null && id !== undefined);
      if (ids.length === 0) continue;
      const { rows: owned } = await pool.query<{ id: string }>(
        `SELECT id::text AS id FROM ${target.schema}._fhir_load_owned
          WHERE run_id = $1 AND table_name = $2 AND id = ANY($3::integer[])`,
        [runId, table, ids],
      );
      const skip = new Set(owned.map((row) => row.id));
      tables.set(
        table,
        rows.filter((row) => !skip.has(row[idColumn] ?? '')),
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
    await client.query(
      `INSERT INTO ${target.schema}._fhir_load_owned (run_id, table_name, id)
       SELECT $1, $2, id FROM unnest($3::integer[]) AS id ON CONFLICT DO NOTHING`,
      [runId, table, rows.map((row) => row[idColumn])],
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
