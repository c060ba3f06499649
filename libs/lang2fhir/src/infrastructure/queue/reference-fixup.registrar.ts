import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { JobHandlerRegistry, JobProcessor } from '@app/shared';
import { ApplyReferenceFixupCommand } from '../../application/commands/apply-reference-fixup/apply-reference-fixup.command.js';
import { FailReferenceFixupCommand } from '../../application/commands/fail-reference-fixup/fail-reference-fixup.command.js';
import {
  ReferenceFixupJob,
  type ReferenceFixupPayload,
} from '../../application/reference-fixup.job.js';

/** The job's processor: unpack the payload, dispatch the command. */
@Injectable()
export class ReferenceFixupRegistrar extends JobProcessor<ReferenceFixupPayload> {
  constructor(
    registry: JobHandlerRegistry,
    job: ReferenceFixupJob,
    private readonly commands: CommandBus,
  ) {
    super(registry, job);
  }

  async handle({ fixupId }: ReferenceFixupPayload): Promise<void> {
    await this.commands.execute(new ApplyReferenceFixupCommand(fixupId));
  }

  async failed({ fixupId }: ReferenceFixupPayload, reason: string): Promise<void> {
    await this.commands.execute(new FailReferenceFixupCommand(fixupId, reason));
  }
}
