import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  JobHandlerRegistry,
  JobQueue,
  RequestContext,
  type EnqueueOptions,
  type JobDefinition,
} from '@app/shared';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  backoffDelay,
  checkedPayload,
} from './job-envelope.js';

/**
 * Embedded profile: jobs run in the API process, with the same contract as BullMQ:
 * validated payloads, retries with exponential backoff, idempotency by job id.
 */
@Injectable()
export class InProcessJobQueue extends JobQueue implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly known = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private readonly shutdown = new AbortController();

  constructor(private readonly registry: JobHandlerRegistry) {
    super();
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
    if (this.known.has(jobId)) return jobId;
    this.known.add(jobId);
    const requestId = RequestContext.requestId();
    this.schedule(
      () => this.attempt(definition, validated, jobId, requestId, 1),
      options.delayMs ?? 0,
    );
    return jobId;
  }

  private schedule(work: () => Promise<void>, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = work().finally(() => this.running.delete(run));
      this.running.add(run);
    }, delayMs);
    this.timers.add(timer);
  }

  private async attempt(
    definition: JobDefinition<unknown>,
    payload: unknown,
    jobId: string,
    requestId: string | undefined,
    attempt: number,
  ): Promise<void> {
    const handler = this.registry.find(definition.name);
    if (!handler) {
      this.logger.error(`No handler registered for job ${definition.name}`);
      return;
    }
    try {
      await RequestContext.run(requestId ?? jobId, () =>
        handler.handle(payload, { jobId, attempt, requestId, signal: this.shutdown.signal }),
      );
    } catch (error) {
      const attempts = definition.attempts ?? DEFAULT_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= attempts) {
        this.logger.error(
          `Job ${definition.name} ${jobId} failed after ${attempt} attempts: ${message}`,
        );
        try {
          await handler.failed?.(payload, message);
        } catch (hookError) {
          this.logger.error(
            `Job ${definition.name} ${jobId}: its failure hook failed: ${String(hookError)}`,
          );
        }
        return;
      }
      this.logger.warn(
        `Job ${definition.name} ${jobId} attempt ${attempt} failed, retrying: ${message}`,
      );
      const delay = backoffDelay(definition.backoffMs ?? DEFAULT_BACKOFF_MS, attempt);
      this.schedule(() => this.attempt(definition, payload, jobId, requestId, attempt + 1), delay);
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
