import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { CustomSystemStore } from '../../ports/custom-system-store.js';
import { resolveSystem } from '../../system-resolver.js';
import { DeleteCodeSystemCommand } from './delete-code-system.command.js';

@CommandHandler(DeleteCodeSystemCommand)
export class DeleteCodeSystemHandler implements ICommandHandler<DeleteCodeSystemCommand> {
  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly store: CustomSystemStore,
  ) {}

  async execute({ accountId, name, version }: DeleteCodeSystemCommand): Promise<void> {
    const system = await resolveSystem(this.systems, accountId, name, version);
    if (system.builtin)
      throw AppError.forbidden(
        'CONSTRUE.BUILTIN_NOT_DELETABLE',
        `${system.name} is a builtin code system and cannot be deleted`,
      );
    await this.store.removeOwned(accountId, system.id);
  }
}
