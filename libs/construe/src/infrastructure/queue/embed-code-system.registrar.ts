import { Injectable, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { JobHandlerRegistry } from '@app/shared';
import { EmbedCodeSystemCommand } from '../../application/commands/embed-code-system/embed-code-system.command.js';
import { MarkCodeSystemFailedCommand } from '../../application/commands/mark-code-system-failed/mark-code-system-failed.command.js';
import {
  EmbedCodeSystemJob,
  type EmbedCodeSystemPayload,
} from '../../application/embed-code-system.job.js';

/** The job's processor: unpack the payload, dispatch the command. */
@Injectable()
export class EmbedCodeSystemRegistrar implements OnModuleInit {
  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly job: EmbedCodeSystemJob,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      definition: this.job,
      handle: (payload, context) =>
        this.commands.execute(
          new EmbedCodeSystemCommand((payload as EmbedCodeSystemPayload).systemId, context.signal),
        ),
      failed: (payload, reason) =>
        this.commands.execute(
          new MarkCodeSystemFailedCommand((payload as EmbedCodeSystemPayload).systemId, reason),
        ),
    });
  }
}
