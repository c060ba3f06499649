import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { JobQueue, RequestContext, type EnqueueOptions, type JobDefinition } from '@app/shared';
import type { Queue } from 'bullmq';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  type JobEnvelope,
  checkedPayload,
} from './job-envelope.js';

export const JOBS_QUEUE = 'jobs';

/** Server profile: jobs are stored in Redis and consumed by worker replicas. */
@Injectable()
export class BullMqJobQueue extends JobQueue {
  constructor(@InjectQueue(JOBS_QUEUE) private readonly queue: Queue) {
    super();
  }

  async enqueue<T>(
    definition: JobDefinition<T>,
    payload: T,
    options: EnqueueOptions = {},
  ): Promise<string> {
    const envelope: JobEnvelope = {
      payload: checkedPayload(definition, payload),
      requestId: RequestContext.requestId(),
    };
    const job = await this.queue.add(definition.name, envelope, {
      // BullMQ ignores an add whose jobId already exists: that is the idempotency key.
      jobId: options.jobId ?? randomUUID(),
      delay: options.delayMs,
      attempts: definition.attempts ?? DEFAULT_ATTEMPTS,
      backoff: { type: 'exponential', delay: definition.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
    return job.id!;
  }
}
