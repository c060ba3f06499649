import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig, InvalidJobPayloadError, JobHandlerRegistry, RequestContext } from '@app/shared';
import { UnrecoverableError, type Job } from 'bullmq';
import { JOBS_QUEUE } from './bullmq-job-queue.js';
import { parseEnvelope } from './job-envelope.js';

/** The BullMQ processor: unpacks a job and hands it to the registered handler. Nothing else. */
@Processor(JOBS_QUEUE)
export class JobsProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('JobsProcessor');

  constructor(
    private readonly registry: JobHandlerRegistry,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.workerConcurrency;
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

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    this.logger.warn(
      `Job ${job?.name} ${job?.id} attempt ${job?.attemptsMade} failed: ${error.message}`,
    );
  }
}
