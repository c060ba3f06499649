import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { JobHandlerRegistry, JobProcessor, type JobContext } from '@app/shared';
import {
  FailOmopBatchCommand,
  LoadOmopBatchCommand,
} from '../../../application/commands/load-omop/load-omop-batch.command.js';
import {
  LoadOmopBatchJob,
  type LoadOmopBatchPayload,
} from '../../../application/commands/load-omop/load-omop-batch.job.js';

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
