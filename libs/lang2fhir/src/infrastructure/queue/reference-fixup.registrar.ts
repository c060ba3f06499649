import { Injectable, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { JobHandlerRegistry } from '@app/shared';
import { ApplyReferenceFixupCommand } from '../../application/commands/apply-reference-fixup/apply-reference-fixup.command.js';
import { FailReferenceFixupCommand } from '../../application/commands/fail-reference-fixup/fail-reference-fixup.command.js';
import {
  ReferenceFixupJob,
  type ReferenceFixupPayload,
} from '../../application/reference-fixup.job.js';

/** The job's processor: unpack the payload, dispatch the command. */
@Injectable()
export class ReferenceFixupRegistrar implements OnModuleInit {
  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly job: ReferenceFixupJob,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      definition: this.job,
      handle: (payload) =>
        this.commands.execute(
          new ApplyReferenceFixupCommand((payload as ReferenceFixupPayload).fixupId),
        ),
      failed: (payload, reason) =>
        this.commands.execute(
          new FailReferenceFixupCommand((payload as ReferenceFixupPayload).fixupId, reason),
        ),
    });
  }
}
