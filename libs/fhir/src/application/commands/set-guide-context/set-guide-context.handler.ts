import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ImplementationGuide } from '../../../domain/profiles/custom-profile.js';
import { checkGuideName } from '../../../domain/profiles/structure-definition-rules.js';
import { ProfileRepository } from '../../ports/profile.repository.js';
import { SetGuideContextCommand } from './set-guide-context.command.js';

@CommandHandler(SetGuideContextCommand)
export class SetGuideContextHandler implements ICommandHandler<SetGuideContextCommand> {
  constructor(private readonly profiles: ProfileRepository) {}

  async execute(command: SetGuideContextCommand): Promise<ImplementationGuide> {
    const { accountId } = command;
    const name = checkGuideName(command.name);
    await this.profiles.setGuideContext(accountId, name, command.profileContext);
    const guides = await this.profiles.listOwnedGuides(accountId);
    return guides.find((guide) => guide.name === name)!;
  }
}
