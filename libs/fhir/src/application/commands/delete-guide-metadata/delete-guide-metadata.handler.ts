import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkGuideName } from '../../../domain/profiles/structure-definition-rules.js';
import { guideNotFound } from '../../profile-errors.js';
import { ProfileRepository } from '../../ports/profile.repository.js';
import { DeleteGuideMetadataCommand } from './delete-guide-metadata.command.js';

@CommandHandler(DeleteGuideMetadataCommand)
export class DeleteGuideMetadataHandler implements ICommandHandler<DeleteGuideMetadataCommand> {
  constructor(private readonly profiles: ProfileRepository) {}

  async execute(command: DeleteGuideMetadataCommand): Promise<void> {
    const { accountId } = command;
    const name = checkGuideName(command.name);
    if (!(await this.profiles.removeGuideMetadata(accountId, name))) throw guideNotFound(name);
  }
}
