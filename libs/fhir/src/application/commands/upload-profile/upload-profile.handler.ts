import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import { DEFAULT_GUIDE, type CustomProfile } from '../../../domain/profiles/custom-profile.js';
import { isBuiltinProfileId } from '../../../domain/profiles/builtin-profiles.js';
import {
  checkGuideName,
  profileIdentity,
} from '../../../domain/profiles/structure-definition-rules.js';
import { ProfileRepository } from '../../ports/profile.repository.js';
import { UploadProfileCommand } from './upload-profile.command.js';

@CommandHandler(UploadProfileCommand)
export class UploadProfileHandler implements ICommandHandler<UploadProfileCommand> {
  constructor(private readonly profiles: ProfileRepository) {}

  async execute(command: UploadProfileCommand): Promise<CustomProfile> {
    const { accountId } = command;
    const identity = profileIdentity(command.structureDefinition);
    const guide = checkGuideName(command.implementationGuide ?? DEFAULT_GUIDE);
    if (isBuiltinProfileId(identity.id)) {
      throw AppError.conflict(
        'FHIR_PROFILES.BUILTIN_ID',
        `"${identity.id}" is the id of a built-in profile; give the StructureDefinition another id`,
      );
    }
    if (await this.profiles.findOwned(accountId, identity.id)) {
      throw AppError.conflict(
        'FHIR_PROFILES.DUPLICATE_ID',
        `A custom profile with id "${identity.id}" exists; update it with PUT /fhir/profiles/${identity.id}`,
      );
    }
    if (await this.profiles.findOwnedByUrl(accountId, identity.url)) {
      throw AppError.conflict(
        'FHIR_PROFILES.DUPLICATE_URL',
        `A custom profile with url "${identity.url}" exists`,
      );
    }
    const now = new Date();
    const profile: CustomProfile = {
      ...identity,
      implementationGuide: guide,
      structureDefinition: {
        ...(command.structureDefinition as Record<string, unknown>),
        id: identity.id,
      },
      createdAt: now,
      updatedAt: now,
    };
    await this.profiles.insert(accountId, profile);
    if (command.profileContext !== undefined) {
      await this.profiles.setGuideContext(accountId, guide, command.profileContext);
    }
    return profile;
  }
}
