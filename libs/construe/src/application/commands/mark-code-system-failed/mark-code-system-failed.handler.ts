import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { MarkCodeSystemFailedCommand } from './mark-code-system-failed.command.js';

/** The embedding job was given up: the system says so, with the reason; its codes stay listable. */
@CommandHandler(MarkCodeSystemFailedCommand)
export class MarkCodeSystemFailedHandler implements ICommandHandler<MarkCodeSystemFailedCommand> {
  constructor(private readonly systems: CodeSystemRepository) {}

  async execute({ systemId, reason }: MarkCodeSystemFailedCommand): Promise<void> {
    const system = await this.systems.findById(systemId);
    if (system?.status === 'processing')
      await this.systems.setStatus(systemId, 'failed', `Embedding failed: ${reason}`);
  }
}
