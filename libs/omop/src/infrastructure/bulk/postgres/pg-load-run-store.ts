import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { copyTextLine } from '@app/platform';
import { AppError } from '@app/shared';
import {
  LoadRunStore,
  type BatchOutcome,
  type BatchState,
  type ResourceToStage,
} from '../../../application/ports/load-run-store.js';
import type { BatchPlan } from '../../../domain/bulk/batch-plan.js';
import type { StagedResource } from '../../../domain/bulk/batch-input.js';
import { SHARED_GROUP_PREFIX } from '../../../domain/bulk/shared-groups.js';
import type { StagedJson } from '../../../domain/bulk/shared-resource-index.js';
import { isFhirResource } from '../../../domain/bulk/fhir-references.js';
import { describeTarget, type OmopTarget } from '../../../domain/bulk/omop-target.js';
import { copyLines } from './copy-upsert.js';
import { dropStagingIndexStatements, stagingIndexStatements } from './bookkeeping-ddl.js';
import { inTransaction, TargetPools } from './target-pools.js';

/** What a run leaves behind while it works; cleared when it ends, or by the next run. */
const RUN_TABLES = ['_fhir_load_resource', '_fhir_load_owned', '_fhir_load_batch'];

interface StagedRow {
  seq: number;
  full_url: string | null;
  resource: string;
}

function parseStaged(rows: StagedRow[]): StagedResource[] {
  const staged: StagedResource[] = [];
  for (const row of rows) {
    const resource: unknown = JSON.parse(row.resource);
    if (isFhirResource(resource)) staged.push({ seq: row.seq, fullUrl: row.full_url, resource });
  }
  return staged;
}

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
    // Built once everything is staged (see staged): cheaper than row by row.
    for (const statement of dropStagingIndexStatements(target.schema)) await pool.query(statement);
    return randomUUID();
  }

  /** One COPY: staging is the first pass over every byte of the export. */
  async stage(target: OmopTarget, runId: string, resources: ResourceToStage[]): Promise<void> {
    const client = await this.pools.pool(target.url).connect();
    try {
      let lines = '';
      for (const resource of resources)
        lines += copyTextLine([
          runId,
          resource.seq,
          resource.groupRef,
          resource.fullUrl ?? null,
          resource.json,
        ]);
      await copyLines(
        client,
        `${target.schema}._fhir_load_resource (run_id, seq, group_ref, full_url, resource)`,
        lines,
      );
    } finally {
      client.release();
    }
  }

  async staged(target: OmopTarget): Promise<void> {
    const pool = this.pools.pool(target.url);
    for (const statement of stagingIndexStatements(target.schema)) await pool.query(statement);
    await pool.query(`ANALYZE ${target.schema}._fhir_load_resource`);
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

  /** A synchronous commit: it flushes the WAL of every commit of the run before it. */
  async finish(target: OmopTarget, runId: string): Promise<void> {
    await inTransaction(this.pools.pool(target.url), async (client) => {
      await client.query('SET LOCAL synchronous_commit = on');
      for (const table of RUN_TABLES)
        await client.query(`DELETE FROM ${target.schema}.${table} WHERE run_id = $1`, [runId]);
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

  async resourcesFiledUnder(
    target: OmopTarget,
    runId: string,
    refs: readonly string[],
  ): Promise<StagedResource[]> {
    const { rows } = await this.pools.pool(target.url).query<StagedRow>(
      `SELECT seq, full_url, resource FROM ${target.schema}._fhir_load_resource
        WHERE run_id = $1 AND group_ref = ANY($2::text[]) ORDER BY seq`,
      [runId, refs],
    );
    return parseStaged(rows);
  }

  async sharedResources(target: OmopTarget, runId: string): Promise<StagedJson[]> {
    const { rows } = await this.pools.pool(target.url).query<StagedRow>(
      `SELECT seq, full_url, resource FROM ${target.schema}._fhir_load_resource
        WHERE run_id = $1 AND starts_with(group_ref, $2) ORDER BY seq`,
      [runId, SHARED_GROUP_PREFIX],
    );
    return rows.map((row) => ({ seq: row.seq, fullUrl: row.full_url, json: row.resource }));
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
