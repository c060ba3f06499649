import { describe, expect, it } from 'vitest';
import { InvalidJobPayloadError } from '@app/shared';
import { LoadOmopBatchJob, loadBatchJobId } from './load-omop-batch.job.js';

const valid = {
  runId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  targetUrl: 'postgres://u@h:5432/db',
  schema: 'cdm',
  batchNo: 3,
};

describe('LoadOmopBatchJob', () => {
  const job = new LoadOmopBatchJob();

  it('accepts a well-formed payload and keeps only its fields', () => {
    expect(job.parse({ ...valid, extra: 'dropped' })).toEqual(valid);
  });

  it.each([
    [{ ...valid, runId: 'not-a-uuid' }, /runId/],
    [{ ...valid, targetUrl: 'mysql://h/db' }, /targetUrl/],
    [{ ...valid, schema: 'cdm; drop table person' }, /schema/],
    [{ ...valid, batchNo: -1 }, /batchNo/],
    [{ ...valid, batchNo: 1.5 }, /batchNo/],
    [null, /runId/],
  ])('refuses %j', (payload, problem) => {
    expect(() => job.parse(payload)).toThrow(InvalidJobPayloadError);
    expect(() => job.parse(payload)).toThrow(problem);
  });

  it('names jobs per run and batch, without the colons BullMQ refuses in ids', () => {
    expect(loadBatchJobId(valid.runId, 3)).toBe(`omop-load-${valid.runId}-3`);
    expect(loadBatchJobId(valid.runId, 3)).not.toContain(':');
  });
});
