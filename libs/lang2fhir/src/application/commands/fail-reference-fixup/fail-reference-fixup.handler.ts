import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ReferenceFixupRepository } from '../../ports/reference-fixup.repository.js';
import { FailReferenceFixupCommand } from './fail-reference-fixup.command.js';

@CommandHandler(FailReferenceFixupCommand)
export class FailReferenceFixupHandler implements ICommandHandler<FailReferenceFixupCommand> {
  constructor(private readonly fixups: ReferenceFixupRepository) {}

  async execute({ fixupId, reason }: FailReferenceFixupCommand): Promise<void> {
    await this.fixups.fail(fixupId, reason);
  }
}
