import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isBuiltinProfileId } from '../../../domain/profiles/builtin-profiles.js';
import { builtinReadOnly, profileNotFound } from '../../profile-errors.js';
import { ProfileRepository } from '../../ports/profile.repository.js';
import { DeleteProfileCommand } from './delete-profile.command.js';

@CommandHandler(DeleteProfileCommand)
export class DeleteProfileHandler implements ICommandHandler<DeleteProfileCommand> {
  constructor(private readonly profiles: ProfileRepository) {}

  async execute(command: DeleteProfileCommand): Promise<void> {
    const { accountId } = command;
    const id = command.id.toLowerCase();
    if (isBuiltinProfileId(id)) throw builtinReadOnly(id);
    if (!(await this.profiles.remove(accountId, id))) throw profileNotFound(id);
  }
}
