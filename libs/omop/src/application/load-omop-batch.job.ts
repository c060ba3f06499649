import { Injectable } from '@nestjs/common';
import { InvalidJobPayloadError, type JobDefinition, isUuid } from '@app/shared';
import { isPlainIdentifier } from '../domain/bulk/sql-script.js';

export interface LoadOmopBatchPayload {
  runId: string;
  /** The target database's connection string; the batch's resources are staged there. */
  targetUrl: string;
  schema: string;
  batchNo: number;
}

/**
 * One batch of an `omop:load` run: whole patients (or a slice of the shared resources),
 * mapped and upserted in one transaction. Retrying is safe: ids are stable and rows are
 * upserted, and a batch already done is skipped.
 */
@Injectable()
export class LoadOmopBatchJob implements JobDefinition<LoadOmopBatchPayload> {
  readonly name = 'omop.load-batch';
  readonly attempts = 3;
  readonly backoffMs = 1_000;

  parse(payload: unknown): LoadOmopBatchPayload {
    const candidate = (payload ?? {}) as Partial<Record<keyof LoadOmopBatchPayload, unknown>>;
    const { runId, targetUrl, schema, batchNo } = candidate;
    if (typeof runId !== 'string' || !isUuid(runId))
      throw new InvalidJobPayloadError(this.name, 'runId must be a uuid');
    if (typeof targetUrl !== 'string' || !/^postgres(ql)?:\/\//.test(targetUrl))
      throw new InvalidJobPayloadError(this.name, 'targetUrl must be a postgres:// URL');
    if (typeof schema !== 'string' || !isPlainIdentifier(schema))
      throw new InvalidJobPayloadError(this.name, 'schema must be a plain identifier');
    if (typeof batchNo !== 'number' || !Number.isInteger(batchNo) || batchNo < 0)
      throw new InvalidJobPayloadError(this.name, 'batchNo must be a non-negative integer');
    return { runId, targetUrl, schema, batchNo };
  }
}

/** Stable per run and batch: enqueueing a batch twice runs it once. */
export function loadBatchJobId(runId: string, batchNo: number): string {
  return `omop-load-${runId}-${batchNo}`;
}
