import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, DomainError } from '@app/shared';
import { isBuiltinProfileId } from '../../../domain/profiles/builtin-profiles.js';
import type { CustomProfile } from '../../../domain/profiles/custom-profile.js';
import {
  InvalidPackageError,
  readGuidePackage,
  type GuidePackage,
} from '../../../domain/profiles/guide-package.js';
import {
  checkGuideName,
  profileIdentity,
} from '../../../domain/profiles/structure-definition-rules.js';
import { BrokenArchiveError } from '../../../domain/profiles/tar-archive.js';
import { PackageUnpacker } from '../../ports/package-unpacker.js';
import { ProfileRepository } from '../../ports/profile.repository.js';
import { ValueSetRepository, type StoredValueSet } from '../../ports/value-set.repository.js';
import { ImportGuidePackageCommand, type GuideImport } from './import-guide-package.command.js';

@CommandHandler(ImportGuidePackageCommand)
export class ImportGuidePackageHandler implements ICommandHandler<ImportGuidePackageCommand> {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly valueSets: ValueSetRepository,
    private readonly unpacker: PackageUnpacker,
  ) {}

  async execute(command: ImportGuidePackageCommand): Promise<GuideImport> {
    const { accountId } = command;
    const guide = checkGuideName(command.name);
    const content = this.read(command.source);
    const skipped = [...content.skipped];
    const profiles: CustomProfile[] = [];
    const valueSets: StoredValueSet[] = [];
    const now = new Date();
    for (const { file, resource } of content.resources) {
      if (resource.resourceType === 'ValueSet' && typeof resource.url === 'string') {
        valueSets.push({
          url: resource.url,
          version: typeof resource.version === 'string' ? resource.version : undefined,
          implementationGuide: guide,
          valueSet: resource,
        });
        continue;
      }
      const reason = notAProfile(resource);
      if (reason) {
        skipped.push({ file, reason });
        continue;
      }
      const identity = withFile(file, () => profileIdentity(resource));
      if (isBuiltinProfileId(identity.id)) {
        skipped.push({ file, reason: `"${identity.id}" is the id of a built-in profile` });
        continue;
      }
      if (profiles.some((other) => other.id === identity.id || other.url === identity.url)) {
        throw AppError.badRequest(
          'FHIR_PROFILES.INVALID_PACKAGE',
          `${file}: another StructureDefinition of the package has the id "${identity.id}" or the url "${identity.url}"`,
        );
      }
      profiles.push({
        ...identity,
        implementationGuide: guide,
        structureDefinition: { ...resource, id: identity.id },
        createdAt: now,
        updatedAt: now,
      });
    }
    if (profiles.length === 0 && valueSets.length === 0) {
      throw AppError.badRequest(
        'FHIR_PROFILES.EMPTY_PACKAGE',
        'The package holds no resource profile (StructureDefinition with derivation "constraint") and no ValueSet',
        { skipped },
      );
    }
    const written = await this.writeProfiles(accountId, guide, profiles);
    await this.valueSets.save(accountId, valueSets);
    return {
      guide,
      packageName: content.name || undefined,
      packageVersion: content.version,
      profiles: written,
      valueSets: valueSets.map((item) => item.url),
      skipped,
    };
  }

  private read(source: ImportGuidePackageCommand['source']): GuidePackage {
    if ('resources' in source) {
      return {
        name: '',
        resources: source.resources.map((resource, index) => ({
          file: `resources[${index}]`,
          resource: resource as Record<string, unknown>,
        })),
        skipped: [],
      };
    }
    try {
      return readGuidePackage(this.unpacker.unpack(source.archive));
    } catch (error) {
      if (error instanceof BrokenArchiveError) {
        throw error.tooLarge
          ? new AppError(
              413,
              'FHIR_PROFILES.PACKAGE_TOO_LARGE',
              `The package is too large: ${error.message}`,
            )
          : AppError.badRequest(
              'FHIR_PROFILES.BROKEN_PACKAGE',
              `The package cannot be read: ${error.message}`,
            );
      }
      if (error instanceof InvalidPackageError) {
        throw AppError.badRequest('FHIR_PROFILES.INVALID_PACKAGE', error.message);
      }
      throw error;
    }
  }

  /** All conflicts are found before anything is written: a profile of another guide is not taken over. */
  private async writeProfiles(
    accountId: string,
    guide: string,
    profiles: CustomProfile[],
  ): Promise<GuideImport['profiles']> {
    const existing = new Map<string, CustomProfile | null>();
    for (const profile of profiles) {
      const sameId = await this.profiles.findOwned(accountId, profile.id);
      if (sameId && sameId.implementationGuide !== guide) {
        throw AppError.conflict(
          'FHIR_PROFILES.DUPLICATE_ID',
          `The profile "${profile.id}" belongs to the guide "${sameId.implementationGuide}"; it is not replaced by an import into "${guide}"`,
        );
      }
      const sameUrl = await this.profiles.findOwnedByUrl(accountId, profile.url);
      if (sameUrl && sameUrl.id !== profile.id) {
        throw AppError.conflict(
          'FHIR_PROFILES.DUPLICATE_URL',
          `The custom profile "${sameUrl.id}" has url "${profile.url}"`,
        );
      }
      existing.set(profile.id, sameId);
    }
    const written: GuideImport['profiles'] = [];
    for (const profile of profiles) {
      const before = existing.get(profile.id);
      if (before) {
        await this.profiles.replace(accountId, { ...profile, createdAt: before.createdAt });
      } else {
        await this.profiles.insert(accountId, profile);
      }
      written.push({ id: profile.id, url: profile.url, created: !before });
    }
    return written;
  }
}

/** Why a resource of the package is not made a profile, or undefined when it is one. */
function notAProfile(resource: Record<string, unknown>): string | undefined {
  if (resource.resourceType !== 'StructureDefinition') {
    return `a ${String(resource.resourceType)}, not a StructureDefinition or ValueSet`;
  }
  if (resource.kind !== 'resource') {
    return `a ${String(resource.kind)} definition (extension or data type), not a resource profile`;
  }
  if (resource.derivation !== 'constraint') return 'not a constraint on a resource (derivation)';
  return undefined;
}

function withFile<T>(file: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof DomainError || error instanceof AppError) {
      throw AppError.badRequest('FHIR_PROFILES.INVALID_PACKAGE', `${file}: ${error.message}`, {
        file,
      });
    }
    throw error;
  }
}
