import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, type Type } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  InvalidJobPayloadError,
  JobHandlerRegistry,
  type JobHandler,
  JobInterruptedError,
  RequestContext,
} from '@app/shared';
import { UnrecoverableError, WaitingError, type Job, type MinimalJob } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import { JOBS_QUEUE } from './bullmq-job-queue.js';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  parseEnvelope,
  type JobEnvelope,
} from './job-envelope.js';
import { nextRetryDelay } from './retry-policy.js';

export interface JobsProcessorOptions {
  concurrency: number;
  lockDurationMs: number;
  /** The worker's own connection: blocking commands that never give up on their own. */
  connection: RedisOptions;
  retryWindowMs: number;
  maxBackoffMs: number;
  shutdownGraceMs: number;
}

interface RunningJob {
  job: Job;
  token: string | undefined;
  settled: Promise<void>;
}

const noop = () => undefined;
/** How long a shutdown waits for the worker's Redis connections to finish connecting. */
const CONNECTING_WAIT_MS = 5_000;

/**
 * The BullMQ processor: unpacks a job and hands it to the registered handler. At shutdown
 * it stops taking jobs, signals the running ones to stop, waits a bounded grace, and hands
 * whatever still runs back to the queue so another worker resumes it at once.
 */
@Injectable()
export class JobsProcessor extends WorkerHost implements BeforeApplicationShutdown {
  private readonly logger = new Logger('JobsProcessor');
  private readonly shutdown = new AbortController();
  private readonly running = new Map<string, RunningJob>();
  protected shutdownGraceMs = 20_000;

  constructor(@Inject(JobHandlerRegistry) private readonly registry: JobHandlerRegistry) {
    super();
  }

  async process(job: Job, token?: string): Promise<void> {
    const handler = this.registry.find(job.name);
    if (!handler) throw new UnrecoverableError(`No handler registered for job ${job.name}`);
    let parsed: { payload: unknown; requestId?: string };
    try {
      parsed = parseEnvelope(handler.definition, job.data);
    } catch (error) {
      // A malformed payload will never become valid: fail without retrying.
      throw new UnrecoverableError(
        error instanceof InvalidJobPayloadError || error instanceof Error
          ? error.message
          : 'invalid payload',
      );
    }
    const { payload, requestId } = parsed;
    const key = job.id ?? '';
    const work = this.run(job, token, handler, payload, requestId);
    // Settles once the job is done with this worker: finished, failed or handed back.
    this.running.set(key, { job, token, settled: work.then(noop, noop) });
    try {
      await work;
    } finally {
      this.running.delete(key);
    }
  }

  private async run(
    job: Job,
    token: string | undefined,
    handler: JobHandler<unknown>,
    payload: unknown,
    requestId: string | undefined,
  ): Promise<void> {
    try {
      await RequestContext.run(requestId ?? job.id ?? 'job', () =>
        handler.handle(payload, {
          jobId: job.id ?? '',
          attempt: job.attemptsMade + 1,
          requestId,
          signal: this.shutdown.signal,
        }),
      );
    } catch (error) {
      if (this.shutdown.signal.aborted && error instanceof JobInterruptedError) {
        await this.handBack(job, token);
        // Tells BullMQ the job was moved (not failed): no attempt is spent.
        throw new WaitingError();
      }
      throw error;
    }
  }

  private async handBack(job: Job, token: string | undefined): Promise<void> {
    try {
      await job.moveToWait(token);
      this.logger.log(`Job ${job.name} ${job.id} handed back to the queue`);
    } catch (error) {
      // Lost the lock already: another worker took the job over, nothing to hand back.
      this.logger.warn(`Job ${job.name} ${job.id} could not be handed back: ${String(error)}`);
    }
  }

  /** Runs before Nest closes the worker (which would otherwise wait for its jobs without bound). */
  async beforeApplicationShutdown(): Promise<void> {
    // BullMQ (5.81) closing a connection that is still connecting emits an 'error' after it
    // removed every listener, which crashes the process: a SIGTERM just after start exited 1.
    // So the worker's connections finish connecting first, for a bounded time.
    await Promise.race([
      this.worker.waitUntilReady().then(noop, noop),
      sleep(CONNECTING_WAIT_MS, undefined, { ref: false }),
    ]);
    await this.worker.pause(true);
    this.shutdown.abort();
    if (this.running.size > 0) {
      this.logger.log(
        `Stopping: ${this.running.size} running job(s) get ${this.shutdownGraceMs} ms to stop`,
      );
      const settled = Promise.all([...this.running.values()].map((run) => run.settled));
      await Promise.race([settled, sleep(this.shutdownGraceMs, undefined, { ref: false })]);
    }
    const stuck = [...this.running.values()];
    for (const run of stuck) await this.handBack(run.job, run.token);
    await this.worker.close(stuck.length > 0);
  }

  /** Every failed attempt is logged; once BullMQ gives the job up, the handler's failure hook runs. */
  @OnWorkerEvent('failed')
  async onFailed(job: Job | undefined, error: Error): Promise<void> {
    this.logger.warn(
      `Job ${job?.name} ${job?.id} attempt ${job?.attemptsMade} failed: ${error.message}`,
    );
    if (!job || (await job.getState()) !== 'failed') return;
    const handler = this.registry.find(job.name);
    if (!handler?.failed) return;
    try {
      const { payload } = parseEnvelope(handler.definition, job.data);
      await handler.failed(payload, error.message);
    } catch (hookError) {
      // Typically the dependency that failed the job is still down: the reconciler marks
      // the job's state failed once it is back (it finds the failed job and its reason).
      this.logger.error(`Job ${job.name} ${job.id}: its failure hook failed: ${String(hookError)}`);
    }
  }
}

/** The retry policy as a BullMQ backoff strategy: -1 tells BullMQ to give the job up. */
function windowedBackoff(options: JobsProcessorOptions) {
  return (attemptsMade: number, _type?: string, error?: Error, job?: MinimalJob): number => {
    const retry = (job?.data as JobEnvelope | undefined)?.retry;
    const delay = nextRetryDelay(
      {
        attempts: retry?.attempts ?? DEFAULT_ATTEMPTS,
        backoffMs: retry?.backoffMs ?? DEFAULT_BACKOFF_MS,
        maxBackoffMs: options.maxBackoffMs,
        retryWindowMs: options.retryWindowMs,
      },
      attemptsMade,
      (job?.timestamp ?? Date.now()) + (job?.opts.delay ?? 0),
      Date.now(),
      error,
    );
    return delay ?? -1;
  };
}

/**
 * @Processor's worker options are static metadata; this makes a processor class carrying
 * the configured concurrency, lock duration, connection, backoff and shutdown grace.
 */
export function configuredJobsProcessor(options: JobsProcessorOptions): Type<JobsProcessor> {
  @Processor(JOBS_QUEUE, {
    concurrency: options.concurrency,
    connection: options.connection,
    // JOB_LOCK_MS bounds how long a dead worker's job waits: its lock (renewed every half
    // lock) expires at most 0.75 × JOB_LOCK_MS after the death, and the stalled check, run
    // every 0.2 × JOB_LOCK_MS, hands it to another worker at its next pass.
    lockDuration: Math.round(options.lockDurationMs * 0.75),
    stalledInterval: Math.max(200, Math.round(options.lockDurationMs * 0.2)),
    // A busy but live worker may miss a lock renewal; give up only after three stalls.
    maxStalledCount: 3,
    settings: { backoffStrategy: windowedBackoff(options) },
  })
  class ConfiguredJobsProcessor extends JobsProcessor {
    protected override shutdownGraceMs = options.shutdownGraceMs;
  }
  return ConfiguredJobsProcessor;
}
