import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FailOmopBatchCommand } from './fail-omop-batch.command.js';
import { LoadRunStore } from '../../ports/load-run-store.js';

@CommandHandler(FailOmopBatchCommand)
export class FailOmopBatchHandler implements ICommandHandler<FailOmopBatchCommand> {
  constructor(private readonly runs: LoadRunStore) {}

  execute({ batch, reason }: FailOmopBatchCommand): Promise<void> {
    return this.runs.markFailed(
      { url: batch.targetUrl, schema: batch.schema },
      batch.runId,
      batch.batchNo,
      reason,
    );
  }
}
