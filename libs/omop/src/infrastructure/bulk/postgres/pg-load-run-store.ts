import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError } from '@app/shared';
import {
  LoadRunStore,
  type BatchOutcome,
  type BatchState,
} from '../../../application/ports/load-run-store.js';
import type { BatchPlan } from '../../../domain/bulk/batch-plan.js';
import { describeTarget, type OmopTarget } from '../../../domain/bulk/omop-target.js';
import { SHARED_GROUP_PREFIX } from '../../../domain/bulk/shared-groups.js';
import { inTransaction, TargetPools } from './target-pools.js';

/**
 * What a run leaves behind while it works; cleared when it ends, or by the next run.
 * `_fhir_load_resource` is written by PgResourceStaging (server profile) and empty otherwise.
 */
const RUN_TABLES = ['_fhir_load_resource', '_fhir_load_owned', '_fhir_load_batch'];

/** The run's durable state in bookkeeping tables of the target schema (`_fhir_load_*`). */
@Injectable()
export class PgLoadRunStore extends LoadRunStore {
  constructor(private readonly pools: TargetPools) {
    super();
  }

  async lock(target: OmopTarget): Promise<() => Promise<void>> {
    let client;
    try {
      client = await this.pools.pool(target.url).connect();
    } catch (error) {
      throw AppError.badRequest(
        'OMOP.TARGET_UNREACHABLE',
        `Cannot connect to the target database ${describeTarget(target)}: ${(error as Error).message}`,
      );
    }
    const key = `omop-load:${target.schema}`;
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
      [key],
    );
    if (!rows[0].locked) {
      client.release();
      throw AppError.conflict(
        'OMOP.LOAD_IN_PROGRESS',
        `Another omop:load is writing into schema ${target.schema} of this database`,
      );
    }
    return async () => {
      try {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
      } finally {
        client.release();
      }
    };
  }

  async start(target: OmopTarget): Promise<string> {
    const pool = this.pools.pool(target.url);
    // The lock is held: whatever is staged belongs to an interrupted run.
    await pool.query(
      `TRUNCATE ${RUN_TABLES.map((table) => `${target.schema}.${table}`).join(', ')}`,
    );
    return randomUUID();
  }

  async plan(target: OmopTarget, runId: string, batches: readonly BatchPlan[]): Promise<void> {
    const plan = batches.map((batch, batchNo) => ({
      batchNo,
      refs: batch.refs,
      resources: batch.resources,
      digests: batch.digests,
    }));
    await this.pools.pool(target.url).query(
      `INSERT INTO ${target.schema}._fhir_load_batch (run_id, batch_no, refs, resources, digests)
       SELECT $1, (b->>'batchNo')::integer, ARRAY(SELECT jsonb_array_elements_text(b->'refs')), (b->>'resources')::integer, b->'digests'
         FROM jsonb_array_elements($2::jsonb) AS b`,
      [runId, JSON.stringify(plan)],
    );
  }

  async patientDigests(
    target: OmopTarget,
    patientKeys: readonly string[],
  ): Promise<Map<string, string>> {
    const { rows } = await this.pools.pool(target.url).query<{
      patient_key: string;
      digest: string;
    }>(
      `SELECT patient_key, digest FROM ${target.schema}._fhir_patient_digest
        WHERE patient_key = ANY($1::text[]) AND EXISTS (SELECT 1 FROM ${target.schema}.person)`,
      [patientKeys],
    );
    return new Map(rows.map((row) => [row.patient_key, row.digest]));
  }

  async forgetSharedRows(target: OmopTarget): Promise<void> {
    await inTransaction(this.pools.pool(target.url), async (client) => {
      await client.query(
        `DELETE FROM ${target.schema}._fhir_patient_digest WHERE starts_with(patient_key, $1)`,
        [SHARED_GROUP_PREFIX],
      );
      await client.query(`TRUNCATE ${target.schema}._fhir_shared_owned`);
    });
  }

  async keepSharedRows(target: OmopTarget, runId: string): Promise<void> {
    await this.pools.pool(target.url).query(
      `INSERT INTO ${target.schema}._fhir_load_owned (run_id, table_name, id)
       SELECT $1, table_name, id FROM ${target.schema}._fhir_shared_owned ON CONFLICT DO NOTHING`,
      [runId],
    );
  }

  async states(
    target: OmopTarget,
    runId: string,
    batchNos: readonly number[],
  ): Promise<BatchState[]> {
    const { rows } = await this.pools.pool(target.url).query<{
      batch_no: number;
      status: BatchState['status'];
      resources: number;
      outcome: BatchOutcome | null;
      error: string | null;
    }>(
      `SELECT batch_no, status, resources, outcome, error FROM ${target.schema}._fhir_load_batch
        WHERE run_id = $1 AND batch_no = ANY($2::integer[])`,
      [runId, batchNos],
    );
    return rows.map((row) => ({
      batchNo: row.batch_no,
      status: row.status,
      resources: row.resources,
      outcome: row.outcome ?? undefined,
      error: row.error ?? undefined,
    }));
  }

  /**
   * A synchronous commit: it flushes the WAL of every commit of the run before it. The lock
   * is held, so the run tables hold this run's rows only: truncated, not deleted row by row
   * (100,000 staged resources left as many dead rows for autovacuum).
   */
  async finish(target: OmopTarget): Promise<void> {
    await inTransaction(this.pools.pool(target.url), async (client) => {
      await client.query('SET LOCAL synchronous_commit = on');
      await client.query(
        `TRUNCATE ${RUN_TABLES.map((table) => `${target.schema}.${table}`).join(', ')}`,
      );
    });
  }

  async pendingBatch(target: OmopTarget, runId: string, batchNo: number): Promise<string[] | null> {
    const { rows } = await this.pools
      .pool(target.url)
      .query<{ refs: string[] }>(
        `SELECT refs FROM ${target.schema}._fhir_load_batch WHERE run_id = $1 AND batch_no = $2 AND status = 'pending'`,
        [runId, batchNo],
      );
    return rows[0]?.refs ?? null;
  }

  async markFailed(
    target: OmopTarget,
    runId: string,
    batchNo: number,
    reason: string,
  ): Promise<void> {
    await this.pools.pool(target.url).query(
      `UPDATE ${target.schema}._fhir_load_batch SET status = 'failed', error = $3, updated_at = now()
        WHERE run_id = $1 AND batch_no = $2 AND status = 'pending'`,
      [runId, batchNo, reason],
    );
  }
}
