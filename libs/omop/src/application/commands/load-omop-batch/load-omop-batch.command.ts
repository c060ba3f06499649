import { Command } from '@nestjs/cqrs';
import type { LoadOmopBatchPayload } from '../../load-omop-batch.job.js';

/** The work of one `omop.load-batch` job. */
export class LoadOmopBatchCommand extends Command<void> {
  constructor(
    readonly batch: LoadOmopBatchPayload,
    readonly signal?: AbortSignal,
  ) {
    super();
  }
}
