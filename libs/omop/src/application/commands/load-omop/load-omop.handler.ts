import { hash } from 'node:crypto';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, JobQueue } from '@app/shared';
import type { BatchPlan } from '../../../domain/bulk/batch-plan.js';
import { InputRouter } from '../../../domain/bulk/input-router.js';
import type { OmopTarget } from '../../../domain/bulk/omop-target.js';
import { bump, mergeTally, type Tally } from '../../../domain/bulk/tally.js';
import { LoadOmopBatchJob, loadBatchJobId } from '../../load-omop-batch.job.js';
import { LoadOmopCommand, type LoadOmopSummary } from './load-omop.command.js';
import { BulkSource } from '../../ports/bulk-source.js';
import { CdmSchema, type PreparedCdmSchema } from '../../ports/cdm-schema.js';
import { LoadRunStore, type BatchOutcome } from '../../ports/load-run-store.js';
import { ResourceStaging, type ResourceToStage } from '../../ports/resource-staging.js';

const STAGE_CHUNK = 1_000;

/**
 * 128 bits of the resource's JSON: change detection between loads, not security. The
 * one-shot hash: a Hash object per resource cost about a fifth more.
 */
function contentHash(json: string): bigint {
  const digest = hash('md5', json, 'buffer');
  return (digest.readBigUInt64BE(0) << 64n) | digest.readBigUInt64BE(8);
}
const DEFAULT_BATCH_RESOURCES = 2_000;
// Slices of shared resources: each also reads what completes its rows from other slices
// (the roles of its practitioners) and what they reference. 5,000 rather than 20,000: a
// slice's parsed resources and rows are the embedded CLI's largest live heap (13 copies of
// the HIV Bundles, 62,000 shared resources: peak RSS 701 against 750 MB, same CPU).
const DEFAULT_SHARED_RESOURCES = 5_000;
const POLL_MS = 50;
const NO_WORKER_HINT_MS = 20_000;

interface RunTotals {
  dropped: Tally;
  diagnostics: Tally;
  rejected: Tally;
  adjusted: Tally;
  doneBatches: number;
  doneResources: number;
}

/**
 * The coordinator of `omop:load`. It streams the input once, filing every resource in
 * staging under its patient (bulk exports split resources by type, so a patient's data
 * is scattered over files), plans batches of whole patients, and hands them to the job
 * port, at most `jobs` at a time: first the shared resources (providers, care sites,
 * locations), then the patients. It follows progress through the batches' durable state,
 * so the jobs may run here (embedded) or in worker replicas (server profile).
 */
@CommandHandler(LoadOmopCommand)
export class LoadOmopHandler implements ICommandHandler<LoadOmopCommand> {
  constructor(
    private readonly source: BulkSource,
    private readonly schema: CdmSchema,
    private readonly runs: LoadRunStore,
    private readonly staging: ResourceStaging,
    private readonly jobs: JobQueue,
    private readonly batchJob: LoadOmopBatchJob,
  ) {}

  async execute(command: LoadOmopCommand): Promise<LoadOmopSummary> {
    const started = Date.now();
    const { target, onProgress } = command;
    const files = await this.source.files(command.source.kind, command.source.directory);
    if (files.length === 0)
      throw AppError.badRequest(
        'OMOP.NO_INPUT_FILES',
        `No ${command.source.kind === 'ndjson' ? '*.ndjson[.gz]' : '*.json[.gz]'} files in ${command.source.directory}`,
      );
    const release = await this.runs.lock(target);
    try {
      const prepared = await this.schema.prepare(target, command.options.ddlDirectory, (message) =>
        onProgress({ kind: 'step', message }),
      );
      const runId = await this.runs.start(target);
      try {
        return await this.load(command, runId, files, prepared, started);
      } finally {
        await this.staging.release(target, runId);
      }
    } finally {
      await release();
    }
  }

  private async load(
    command: LoadOmopCommand,
    runId: string,
    files: string[],
    prepared: PreparedCdmSchema,
    started: number,
  ): Promise<LoadOmopSummary> {
    const { target, onProgress } = command;
    await this.staging.open(target, runId);
    onProgress({ kind: 'step', message: `Reading ${files.length} files` });
    const { router, resources, skipped } = await this.stage(command, runId, files);
    // Shared slices' digests are kept beside the patients' (under `#shared/<n>`).
    const known = command.options.full
      ? new Map<string, string>()
      : await this.runs.patientDigests(target, [
          ...router.patientGroups().map((group) => group.patientKey),
          ...router.sharedKeys(),
        ]);
    const plan = router.plan(command.options.batchResources ?? DEFAULT_BATCH_RESOURCES, known);
    const batches = [...plan.shared, ...plan.patients];
    if (plan.unchangedShared > 0) await this.runs.keepSharedRows(target, runId);
    else await this.runs.forgetSharedRows(target);
    await this.runs.plan(target, runId, batches);
    const unchanged = [
      ...(plan.unchanged > 0 ? [`${plan.unchanged} patients`] : []),
      ...(plan.unchangedShared > 0 ? [`${plan.unchangedShared} shared resources`] : []),
    ];
    onProgress({
      kind: 'step',
      message:
        `${resources} resources, ${plan.patientCount} patients: ${batches.length} batches` +
        (unchanged.length > 0 ? ` (${unchanged.join(', ')} unchanged since the last load)` : ''),
    });

    const mappingStarted = Date.now();
    const totals: RunTotals = {
      dropped: {},
      diagnostics: {},
      rejected: {},
      adjusted: {},
      doneBatches: 0,
      doneResources: 0,
    };
    const progress = {
      total: batches.length,
      resourcesTotal: resources,
      started: mappingStarted,
    };
    const sharedNos = plan.shared.map((_, index) => index);
    const patientNos = plan.patients.map((_, index) => plan.shared.length + index);
    // Slices of shared resources write rows that other slices complete (a provider and
    // its PractitionerRoles): one at a time, so no slice overwrites another's fuller row.
    await this.runPhase(command, runId, batches, sharedNos, totals, progress, 1);
    await this.runPhase(
      command,
      runId,
      batches,
      patientNos,
      totals,
      progress,
      command.options.jobs,
    );
    const mappingSeconds = (Date.now() - mappingStarted) / 1000;

    await this.schema.complete(target, (message) => onProgress({ kind: 'step', message }));
    const tables = await this.schema.tableCounts(target);
    await this.runs.finish(target, runId);
    return {
      runId,
      files: files.length,
      resources,
      skipped,
      patients: plan.patientCount,
      unchangedPatients: plan.unchanged,
      unchangedSharedResources: plan.unchangedShared,
      batches: batches.length,
      schemaCreated: prepared.created,
      vocabularyRows: prepared.vocabularyRows,
      skippedConstraints: prepared.skippedConstraints,
      tables,
      dropped: totals.dropped,
      diagnostics: totals.diagnostics,
      rejected: totals.rejected,
      adjusted: totals.adjusted,
      seconds: (Date.now() - started) / 1000,
      mappingSeconds,
    };
  }

  private async stage(command: LoadOmopCommand, runId: string, files: string[]) {
    const router = new InputRouter(command.options.sharedResources ?? DEFAULT_SHARED_RESOURCES);
    const skipped: Tally = {};
    let buffer: ResourceToStage[] = [];
    let resources = 0;
    // One chunk is written while the next is read and parsed: reading never waits on a
    // write except when two chunks are ready (backpressure).
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      if (buffer.length === 0) return;
      const chunk = buffer;
      const staged = resources;
      buffer = [];
      await writing;
      writing = this.staging
        .stage(command.target, runId, chunk)
        .then(() => command.onProgress({ kind: 'staged', resources: staged }));
      // Surfaces a failed write at the next flush instead of as an unhandled rejection.
      writing.catch(() => undefined);
    };
    for await (const item of this.source.read(command.source.kind, files)) {
      if (item.kind === 'skipped') {
        bump(skipped, `${basename(item.file)}: ${item.reason}`);
        continue;
      }
      const routed = router.route(item.resource, item.fullUrl, contentHash(item.json));
      resources += 1;
      buffer.push({ ...routed, fullUrl: item.fullUrl, json: item.json });
      if (buffer.length >= STAGE_CHUNK) await flush();
    }
    await flush();
    await writing;
    await this.staging.staged(command.target, runId);
    return { router, resources, skipped };
  }

  /** Keeps up to `concurrency` batches in flight until every batch of the phase is done; stops at the first failure. */
  private async runPhase(
    command: LoadOmopCommand,
    runId: string,
    batches: readonly BatchPlan[],
    batchNos: readonly number[],
    totals: RunTotals,
    progress: { total: number; resourcesTotal: number; started: number },
    concurrency: number,
  ): Promise<void> {
    const { target } = command;
    const queue = [...batchNos];
    const inFlight = new Set<number>();
    const failures: string[] = [];
    let lastChange = Date.now();
    let hinted = false;
    while (queue.length > 0 || inFlight.size > 0) {
      while (failures.length === 0 && inFlight.size < concurrency && queue.length > 0) {
        const batchNo = queue.shift()!;
        await this.jobs.enqueue(this.batchJob, this.payload(target, runId, batchNo), {
          jobId: loadBatchJobId(runId, batchNo),
        });
        inFlight.add(batchNo);
      }
      if (inFlight.size === 0) break;
      await sleep(POLL_MS);
      for (const state of await this.runs.states(target, runId, [...inFlight])) {
        if (state.status === 'pending') continue;
        inFlight.delete(state.batchNo);
        lastChange = Date.now();
        if (state.status === 'failed') {
          failures.push(`batch ${state.batchNo}: ${state.error ?? 'unknown error'}`);
          continue;
        }
        this.count(totals, state.outcome, batches[state.batchNo].resources);
        command.onProgress({
          kind: 'batches',
          done: totals.doneBatches,
          total: progress.total,
          resources: totals.doneResources,
          resourcesTotal: progress.resourcesTotal,
          seconds: (Date.now() - progress.started) / 1000,
        });
      }
      if (!hinted && inFlight.size > 0 && Date.now() - lastChange > NO_WORKER_HINT_MS) {
        hinted = true;
        command.onProgress({
          kind: 'waiting',
          message:
            'No batch has finished for a while. In the server profile, batches run in the worker: is one running (npm run start:worker)?',
        });
      }
    }
    if (failures.length > 0)
      throw new AppError(500, 'OMOP.LOAD_FAILED', `The load stopped: ${failures.join('; ')}`);
  }

  private count(totals: RunTotals, outcome: BatchOutcome | undefined, planned: number): void {
    totals.doneBatches += 1;
    totals.doneResources += outcome?.resources ?? planned;
    if (!outcome) return;
    mergeTally(totals.dropped, outcome.dropped);
    mergeTally(totals.diagnostics, outcome.diagnostics);
    mergeTally(totals.rejected, outcome.rejected);
    mergeTally(totals.adjusted, outcome.adjusted);
  }

  private payload(target: OmopTarget, runId: string, batchNo: number) {
    return { runId, targetUrl: target.url, schema: target.schema, batchNo };
  }
}
