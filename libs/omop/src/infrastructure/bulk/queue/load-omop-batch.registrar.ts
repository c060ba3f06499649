import { Injectable, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { JobHandlerRegistry } from '@app/shared';
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
export class LoadOmopBatchRegistrar implements OnModuleInit {
  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly job: LoadOmopBatchJob,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      definition: this.job,
      handle: (payload, context) =>
        this.commands.execute(
          new LoadOmopBatchCommand(payload as LoadOmopBatchPayload, context.signal),
        ),
      failed: (payload, reason) =>
        this.commands.execute(new FailOmopBatchCommand(payload as LoadOmopBatchPayload, reason)),
    });
  }
}
