import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { JobHandlerRegistry, JobProcessor, type JobContext } from '@app/shared';
import { EmbedCodeSystemCommand } from '../../application/commands/embed-code-system/embed-code-system.command.js';
import { MarkCodeSystemFailedCommand } from '../../application/commands/mark-code-system-failed/mark-code-system-failed.command.js';
import {
  EmbedCodeSystemJob,
  type EmbedCodeSystemPayload,
} from '../../application/embed-code-system.job.js';

/** The job's processor: unpack the payload, dispatch the command. */
@Injectable()
export class EmbedCodeSystemRegistrar extends JobProcessor<EmbedCodeSystemPayload> {
  constructor(
    registry: JobHandlerRegistry,
    job: EmbedCodeSystemJob,
    private readonly commands: CommandBus,
  ) {
    super(registry, job);
  }

  async handle({ systemId }: EmbedCodeSystemPayload, context: JobContext): Promise<void> {
    await this.commands.execute(new EmbedCodeSystemCommand(systemId, context.signal));
  }

  async failed({ systemId }: EmbedCodeSystemPayload, reason: string): Promise<void> {
    await this.commands.execute(new MarkCodeSystemFailedCommand(systemId, reason));
  }
}
