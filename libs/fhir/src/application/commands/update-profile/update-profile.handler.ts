import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import type { CustomProfile } from '../../../domain/profiles/custom-profile.js';
import {
  checkGuideName,
  profileIdentity,
} from '../../../domain/profiles/structure-definition-rules.js';
import { isBuiltinProfileId } from '../../../domain/profiles/builtin-profiles.js';
import { builtinReadOnly, profileNotFound } from '../../profile-errors.js';
import { ProfileRepository } from '../../ports/profile.repository.js';
import { UpdateProfileCommand } from './update-profile.command.js';

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand> {
  constructor(private readonly profiles: ProfileRepository) {}

  async execute(command: UpdateProfileCommand): Promise<CustomProfile> {
    const { accountId } = command;
    const id = command.id.toLowerCase();
    if (isBuiltinProfileId(id)) throw builtinReadOnly(id);
    const existing = await this.profiles.findOwned(accountId, id);
    if (!existing) throw profileNotFound(id);
    const given = command.structureDefinition as Record<string, unknown> | null;
    const givenId = typeof given?.id === 'string' ? given.id.toLowerCase() : undefined;
    if (givenId !== undefined && givenId !== id) {
      throw AppError.badRequest(
        'FHIR_PROFILES.ID_MISMATCH',
        `The StructureDefinition id "${givenId}" differs from the path id "${id}"`,
      );
    }
    const identity = profileIdentity({ ...given, id });
    if (identity.resourceType !== existing.resourceType) {
      throw AppError.badRequest(
        'FHIR_PROFILES.TYPE_CHANGE',
        `The profile constrains ${existing.resourceType}; its type cannot become ${identity.resourceType}`,
      );
    }
    const sameUrl = await this.profiles.findOwnedByUrl(accountId, identity.url);
    if (sameUrl && sameUrl.id !== id) {
      throw AppError.conflict(
        'FHIR_PROFILES.DUPLICATE_URL',
        `The custom profile "${sameUrl.id}" has url "${identity.url}"`,
      );
    }
    const profile: CustomProfile = {
      ...identity,
      implementationGuide:
        command.implementationGuide === undefined
          ? existing.implementationGuide
          : checkGuideName(command.implementationGuide),
      structureDefinition: { ...given, id },
      createdAt: existing.createdAt,
      updatedAt: new Date(),
    };
    await this.profiles.replace(accountId, profile);
    return profile;
  }
}
