import { BeforeApplicationShutdown, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  AppConfig,
  inBackground,
  JobHandlerRegistry,
  JobInterruptedError,
  JobQueue,
  RequestContext,
  type EnqueueOptions,
  type JobDefinition,
  type JobState,
} from '@app/shared';
import { checkedPayload, retryTerms } from './job-envelope.js';
import { nextRetryDelay } from './retry-policy.js';

interface Attempt {
  definition: JobDefinition<unknown>;
  payload: unknown;
  jobId: string;
  requestId: string | undefined;
  attempt: number;
  dueAt: number;
}

/**
 * Embedded profile: jobs run in the API process, with the same contract as BullMQ:
 * validated payloads, retries under the retry policy, idempotency by job id (a failed
 * job's id can be used again).
 */
@Injectable()
export class InProcessJobQueue extends JobQueue implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly states = new Map<string, JobState>();
  /** Who waits for which job to settle (see waitFor). */
  private readonly settled = new EventEmitter().setMaxListeners(0);
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private readonly shutdown = new AbortController();
  private readonly retryWindowMs: number;
  private readonly maxBackoffMs: number;

  constructor(
    private readonly registry: JobHandlerRegistry,
    @Optional() @Inject(AppConfig) config?: AppConfig,
  ) {
    super();
    this.retryWindowMs = config?.jobRetryWindowMs ?? 0;
    this.maxBackoffMs = config?.jobMaxBackoffMs ?? 30_000;
  }

  // async so that an invalid payload rejects the promise, as it does with BullMQ.
  // eslint-disable-next-line @typescript-eslint/require-await
  async enqueue<T>(
    definition: JobDefinition<T>,
    payload: T,
    options: EnqueueOptions = {},
  ): Promise<string> {
    const validated = checkedPayload(definition, payload);
    const jobId = options.jobId ?? randomUUID();
    const known = this.states.get(jobId);
    if (known && known.state !== 'failed') return jobId;
    this.states.set(jobId, { state: 'live' });
    const delayMs = options.delayMs ?? 0;
    this.schedule(
      {
        definition: definition,
        payload: validated,
        jobId,
        requestId: RequestContext.requestId(),
        attempt: 1,
        dueAt: Date.now() + delayMs,
      },
      delayMs,
    );
    return jobId;
  }

  async assertAvailable(): Promise<void> {
    // In-process: available while the process runs.
  }

  // eslint-disable-next-line @typescript-eslint/require-await
  async state(jobId: string): Promise<JobState> {
    return this.states.get(jobId) ?? { state: 'missing' };
  }

  waitFor(jobId: string, timeoutMs: number): Promise<JobState> {
    const now = this.states.get(jobId) ?? { state: 'missing' };
    if (now.state !== 'live') return Promise.resolve(now);
    return new Promise((resolve) => {
      const done = (state: JobState) => {
        clearTimeout(timer);
        resolve(state);
      };
      const timer = setTimeout(() => {
        this.settled.off(jobId, done);
        resolve(this.states.get(jobId) ?? { state: 'missing' });
      }, timeoutMs);
      this.settled.once(jobId, done);
    });
  }

  /** Records a job's final state and tells whoever waits for it. */
  private settle(jobId: string, state: JobState): void {
    this.states.set(jobId, state);
    this.settled.emit(jobId, state);
  }

  private schedule(attempt: Attempt, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.attempt(attempt).finally(() => this.running.delete(run));
      this.running.add(run);
    }, delayMs);
    this.timers.add(timer);
  }

  private async attempt(attempt: Attempt): Promise<void> {
    const { definition, payload, jobId, requestId } = attempt;
    const handler = this.registry.find(definition.name);
    if (!handler) {
      this.logger.error(`No handler registered for job ${definition.name}`);
      this.settle(jobId, { state: 'failed', reason: 'no handler' });
      return;
    }
    try {
      // A job is bulk work: its statements go after the requests' (see inBackground).
      await RequestContext.run(requestId ?? jobId, () =>
        inBackground(() =>
          handler.handle(payload, {
            jobId,
            attempt: attempt.attempt,
            requestId,
            signal: this.shutdown.signal,
          }),
        ),
      );
      this.settle(jobId, { state: 'completed' });
    } catch (error) {
      // Shutting down: the job's state is durable and resumed at the next start.
      if (error instanceof JobInterruptedError && this.shutdown.signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      const delay = nextRetryDelay(
        {
          ...retryTerms(definition),
          maxBackoffMs: this.maxBackoffMs,
          retryWindowMs: this.retryWindowMs,
        },
        attempt.attempt,
        attempt.dueAt,
        Date.now(),
        error,
      );
      if (delay === undefined) {
        this.logger.error(
          `Job ${definition.name} ${jobId} failed after ${attempt.attempt} attempts: ${message}`,
        );
        this.states.set(jobId, { state: 'failed', reason: message });
        try {
          await handler.failed?.(payload, message);
        } catch (hookError) {
          this.logger.error(
            `Job ${definition.name} ${jobId}: its failure hook failed: ${String(hookError)}`,
          );
        }
        // Waiters learn of the failure once its hook has recorded it.
        this.settle(jobId, { state: 'failed', reason: message });
        return;
      }
      this.logger.warn(
        `Job ${definition.name} ${jobId} attempt ${attempt.attempt} failed, retrying in ${delay} ms: ${message}`,
      );
      this.schedule({ ...attempt, attempt: attempt.attempt + 1 }, delay);
    }
  }

  /**
   * Before connections close: signals running jobs to stop at their next step and waits
   * for them; pending retries are dropped (their state is durable and resumed at start).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.shutdown.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
