import { Injectable } from '@nestjs/common';
import { copyTextLine } from '@app/platform';
import {
  ResourceStaging,
  type ResourceToStage,
} from '../../../application/ports/resource-staging.js';
import { parseStagedResource, type StagedResource } from '../../../domain/bulk/batch-input.js';
import type { OmopTarget } from '../../../domain/bulk/omop-target.js';
import { sharedGroupRef } from '../../../domain/bulk/shared-groups.js';
import { dropStagingIndexStatements, stagingIndexStatements } from './bookkeeping-ddl.js';
import { copyLines } from './copy-upsert.js';
import { TargetPools } from './target-pools.js';

interface StagedRow {
  seq: number;
  full_url: string | null;
  resource: string;
}

function parseStaged(rows: StagedRow[]): StagedResource[] {
  const staged: StagedResource[] = [];
  for (const row of rows) {
    const resource = parseStagedResource(row.seq, row.full_url, row.resource);
    if (resource) staged.push(resource);
  }
  return staged;
}

/**
 * Server profile: the staged resources in the target schema (`_fhir_load_resource`), where
 * worker replicas in other processes, on other machines, read their batches. The table's
 * rows belong to the run's bookkeeping: PgLoadRunStore clears them (start, finish).
 */
@Injectable()
export class PgResourceStaging extends ResourceStaging {
  constructor(private readonly pools: TargetPools) {
    super();
  }

  async open(target: OmopTarget): Promise<void> {
    const pool = this.pools.pool(target.url);
    // Built once everything is staged (see staged): cheaper than row by row.
    for (const statement of dropStagingIndexStatements(target.schema)) await pool.query(statement);
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
    // Statistics for the look-ups' columns only: no plan ever reads the JSON's.
    await pool.query(`ANALYZE ${target.schema}._fhir_load_resource (run_id, seq, group_ref)`);
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

  /**
   * Slice by slice (`#shared/0`, `#shared/1`… until one is empty), so that the worker
   * holds one slice's JSON at a time, not every shared resource's.
   */
  async eachSharedResource(
    target: OmopTarget,
    runId: string,
    use: (staged: StagedResource) => void,
  ): Promise<void> {
    const pool = this.pools.pool(target.url);
    for (let chunk = 0; ; chunk++) {
      const { rows } = await pool.query<StagedRow>(
        `SELECT seq, full_url, resource FROM ${target.schema}._fhir_load_resource
          WHERE run_id = $1 AND group_ref = $2 ORDER BY seq`,
        [runId, sharedGroupRef(chunk)],
      );
      if (rows.length === 0) return;
      for (const staged of parseStaged(rows)) use(staged);
    }
  }

  async resourcesAt(
    target: OmopTarget,
    runId: string,
    seqs: readonly number[],
  ): Promise<StagedResource[]> {
    if (seqs.length === 0) return [];
    const { rows } = await this.pools.pool(target.url).query<StagedRow>(
      `SELECT seq, full_url, resource FROM ${target.schema}._fhir_load_resource
        WHERE run_id = $1 AND seq = ANY($2::integer[]) ORDER BY seq`,
      [runId, seqs],
    );
    return parseStaged(rows);
  }

  /** Nothing held here: workers elsewhere may still read the rows until the run's bookkeeping clears them. */
  async release(): Promise<void> {}
}
