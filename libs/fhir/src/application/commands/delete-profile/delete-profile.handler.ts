import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, RequestContext } from '@app/shared';
import { isBuiltinProfileId } from '../../../domain/profiles/builtin-profiles.js';
import { profileNotFound } from '../../profile-errors.js';
import { ProfileRepository } from '../../ports/profile.repository.js';
import { DeleteProfileCommand } from './delete-profile.command.js';

@CommandHandler(DeleteProfileCommand)
export class DeleteProfileHandler implements ICommandHandler<DeleteProfileCommand> {
  constructor(private readonly profiles: ProfileRepository) {}

  async execute(command: DeleteProfileCommand): Promise<void> {
    const { accountId } = RequestContext.requireTenant();
    const id = command.id.toLowerCase();
    if (isBuiltinProfileId(id)) {
      throw AppError.forbidden(
        'FHIR_PROFILES.BUILTIN',
        `"${id}" is a built-in profile (read-only)`,
      );
    }
    if (!(await this.profiles.remove(accountId, id))) throw profileNotFound(id);
  }
}
