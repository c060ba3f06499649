import { Command } from '@nestjs/cqrs';
import type { LoadOmopBatchPayload } from '../../load-omop-batch.job.js';

/** A batch the job port gave up on: recorded so that the coordinator stops and reports it. */
export class FailOmopBatchCommand extends Command<void> {
  constructor(
    readonly batch: LoadOmopBatchPayload,
    readonly reason: string,
  ) {
    super();
  }
}
