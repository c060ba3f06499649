import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type Type } from '@nestjs/common';
import { InvalidJobPayloadError, JobHandlerRegistry, RequestContext } from '@app/shared';
import { UnrecoverableError, type Job } from 'bullmq';
import { JOBS_QUEUE } from './bullmq-job-queue.js';
import { parseEnvelope } from './job-envelope.js';

export interface JobsProcessorOptions {
  concurrency: number;
  lockDurationMs: number;
}

/** The BullMQ processor: unpacks a job and hands it to the registered handler. Nothing else. */
@Injectable()
export class JobsProcessor extends WorkerHost {
  private readonly logger = new Logger('JobsProcessor');

  constructor(@Inject(JobHandlerRegistry) private readonly registry: JobHandlerRegistry) {
    super();
  }

  async process(job: Job): Promise<void> {
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
    await RequestContext.run(requestId ?? job.id ?? 'job', () =>
      handler.handle(payload, { jobId: job.id ?? '', attempt: job.attemptsMade + 1, requestId }),
    );
  }

  /** Every failed attempt is logged; once BullMQ gives the job up (retries spent, or stalled too often), the handler's failure hook runs. */
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
      this.logger.error(`Job ${job.name} ${job.id}: its failure hook failed: ${String(hookError)}`);
    }
  }
}

/**
 * @Processor's worker options are static metadata; this makes a processor class carrying
 * the configured concurrency and lock duration (a dead worker's job is taken over once
 * its lock expires, checked at the same interval).
 */
export function configuredJobsProcessor(options: JobsProcessorOptions): Type<JobsProcessor> {
  @Processor(JOBS_QUEUE, {
    concurrency: options.concurrency,
    lockDuration: options.lockDurationMs,
    stalledInterval: options.lockDurationMs,
    // A busy but live worker may miss a lock renewal; give up only after three stalls.
    maxStalledCount: 3,
  })
  class ConfiguredJobsProcessor extends JobsProcessor {}
  return ConfiguredJobsProcessor;
}
