import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { JobQueue, type EnqueueOptions, type JobDefinition, type JobState } from '@app/shared';

/**
 * Embedded profile, in a short-lived process (the CLI): jobs are validated but not run
 * here. Every job of this service derives from durable state (a row marked
 * `processing`), which the API resumes when it starts.
 */
@Injectable()
export class DeferredJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');

  // eslint-disable-next-line @typescript-eslint/require-await
  async enqueue<T>(
    definition: JobDefinition<T>,
    payload: T,
    options: EnqueueOptions = {},
  ): Promise<string> {
    definition.parse(payload);
    this.logger.log(`Job ${definition.name} deferred: the API runs it when it starts`);
    return options.jobId ?? randomUUID();
  }

  async assertAvailable(): Promise<void> {
    // Nothing to reach: the job is deferred to the API.
  }

  /** Nothing runs here: every job is unknown to this process. */
  // eslint-disable-next-line @typescript-eslint/require-await
  async state(): Promise<JobState> {
    return { state: 'missing' };
  }

  // eslint-disable-next-line @typescript-eslint/require-await
  async waitFor(): Promise<JobState> {
    return { state: 'missing' };
  }
}
