import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  AppConfig,
  AppError,
  JobQueue,
  OutageLog,
  RequestContext,
  type EnqueueOptions,
  type JobDefinition,
  type JobState,
} from '@app/shared';
import { QueueEvents, type Queue } from 'bullmq';
import { redisOptionsFromUrl } from '../redis/redis-options.js';
import { checkedPayload, retryTerms, type JobEnvelope } from './job-envelope.js';
import { UNBOUNDED_ATTEMPTS } from './retry-policy.js';

export const JOBS_QUEUE = 'jobs';
/** The worker's backoff strategy (see jobs.processor.ts) applies the retry policy. */
export const WINDOWED_BACKOFF = 'windowed';

/**
 * Server profile: jobs are stored in Redis and consumed by worker replicas. The queue's
 * connection has no offline queue (a call while Redis is down fails at once) and every
 * call here is bounded by a timeout, so a request never waits for Redis to come back.
 */
@Injectable()
export class BullMqJobQueue extends JobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly outage = new OutageLog();
  private readonly timeoutMs: number;
  /** BullMQ's completion events, read on their own (blocking) connection once someone waits. */
  private events?: Promise<QueueEvents>;
  /** Job id → whoever waits for it to settle. */
  private readonly settled = new EventEmitter().setMaxListeners(0);

  constructor(
    @InjectQueue(JOBS_QUEUE) private readonly queue: Queue,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {
    super();
    this.timeoutMs = config.redisCommandTimeoutMs * 2;
  }

  async enqueue<T>(
    definition: JobDefinition<T>,
    payload: T,
    options: EnqueueOptions = {},
  ): Promise<string> {
    const envelope: JobEnvelope = {
      payload: checkedPayload(definition, payload),
      requestId: RequestContext.requestId(),
      retry: retryTerms(definition),
    };
    const jobId = options.jobId ?? randomUUID();
    return this.bounded('enqueue', async () => {
      // BullMQ ignores an add whose id exists (the idempotency key), failed jobs included:
      // a failed job is removed first so that its id can be used again.
      if (options.jobId) {
        const existing = await this.queue.getJob(jobId);
        if (existing && (await existing.isFailed())) await existing.remove();
      }
      const job = await this.queue.add(definition.name, envelope, {
        jobId,
        delay: options.delayMs,
        attempts: UNBOUNDED_ATTEMPTS,
        backoff: { type: WINDOWED_BACKOFF, delay: envelope.retry!.backoffMs },
        removeOnComplete: { age: 24 * 3600, count: 10_000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
      return job.id!;
    });
  }

  async assertAvailable(): Promise<void> {
    await this.bounded('ping', async () => {
      await this.queue.getWaitingCount();
    });
  }

  async state(jobId: string): Promise<JobState> {
    return this.bounded('state', async () => {
      const job = await this.queue.getJob(jobId);
      if (!job) return { state: 'missing' };
      const state = await job.getState();
      if (state === 'completed') return { state: 'completed' };
      if (state === 'failed') return { state: 'failed', reason: job.failedReason ?? 'unknown' };
      if (state === 'unknown') return { state: 'missing' };
      return { state: 'live' };
    });
  }

  async waitFor(jobId: string, timeoutMs: number): Promise<JobState> {
    await this.bounded('listen', () => this.completionEvents());
    return new Promise<JobState>((resolve, reject) => {
      const stopListening = () => {
        clearTimeout(timer);
        this.settled.off(jobId, finish);
      };
      const finish = (state: JobState) => {
        stopListening();
        resolve(state);
      };
      const timer = setTimeout(() => {
        stopListening();
        this.state(jobId).then(resolve, reject);
      }, timeoutMs);
      this.settled.on(jobId, finish);
      // The job may have settled before the listener was set: its state says so.
      this.state(jobId).then(
        (state) => {
          if (state.state !== 'live') finish(state);
        },
        (error: unknown) => {
          stopListening();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const events = this.events;
    this.events = undefined;
    if (events) await (await events.catch(() => undefined))?.close();
  }

  private completionEvents(): Promise<QueueEvents> {
    this.events ??= (async () => {
      const events = new QueueEvents(JOBS_QUEUE, {
        connection: redisOptionsFromUrl(this.config.redisUrl!),
        prefix: this.queue.opts.prefix,
      });
      events.on('error', (error) => this.logger.warn(`Job events: ${error.message}`));
      events.on('completed', ({ jobId }) => this.settled.emit(jobId, { state: 'completed' }));
      // BullMQ announces `failed` once it gives the job up, not for an attempt it retries.
      events.on('failed', ({ jobId, failedReason }) =>
        this.settled.emit(jobId, { state: 'failed', reason: failedReason }),
      );
      await events.waitUntilReady();
      return events;
    })();
    const pending = this.events;
    // A failed start is not kept: the next wait tries again.
    pending.catch(() => {
      if (this.events === pending) this.events = undefined;
    });
    return pending;
  }

  private async bounded<R>(what: string, work: () => Promise<R>): Promise<R> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer from Redis in ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
    });
    try {
      return await Promise.race([work(), timeout]);
    } catch (error) {
      if (this.outage.failure())
        this.logger.error(
          `Job queue unavailable (${what}): ${error instanceof Error ? error.message : String(error)}`,
        );
      throw AppError.unavailable('The job queue is unavailable; retry later');
    } finally {
      clearTimeout(timer);
    }
  }
}
