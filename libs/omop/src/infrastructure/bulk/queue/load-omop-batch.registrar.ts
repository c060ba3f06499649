import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { JobHandlerRegistry, JobProcessor, type JobContext } from '@app/shared';
import { FailOmopBatchCommand } from '../../../application/commands/fail-omop-batch/fail-omop-batch.command.js';
import { LoadOmopBatchCommand } from '../../../application/commands/load-omop-batch/load-omop-batch.command.js';
import {
  LoadOmopBatchJob,
  type LoadOmopBatchPayload,
} from '../../../application/load-omop-batch.job.js';

/** The batch job's processor: unpack the payload, dispatch the command. */
@Injectable()
export class LoadOmopBatchRegistrar extends JobProcessor<LoadOmopBatchPayload> {
  constructor(
    registry: JobHandlerRegistry,
    job: LoadOmopBatchJob,
    private readonly commands: CommandBus,
  ) {
    super(registry, job);
  }

  async handle(payload: LoadOmopBatchPayload, context: JobContext): Promise<void> {
    await this.commands.execute(new LoadOmopBatchCommand(payload, context.signal));
  }

  async failed(payload: LoadOmopBatchPayload, reason: string): Promise<void> {
    await this.commands.execute(new FailOmopBatchCommand(payload, reason));
  }
}
