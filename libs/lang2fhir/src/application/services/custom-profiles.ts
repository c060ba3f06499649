import { Injectable } from '@nestjs/common';
import {
  applyProfile,
  boundValueSetUrls,
  implicitValueSet,
  ProfileCatalog,
  type CustomProfile,
  type Resource,
} from '@app/fhir';
import { AppError } from '@app/shared';
import { ValueSetFilters } from './value-set-filters.js';
import { kindForProfileType, PROFILE_TYPES } from '../../domain/profile-kinds.js';
import { Lang2FhirErrorCodes } from '../../domain/lang2fhir-errors.js';
import {
  isRequestedKind,
  REQUESTABLE_KINDS,
  type RequestedKind,
} from '../../domain/resource-kinds.js';

export interface ResolvedResource {
  kind: RequestedKind;
  /** Set when `resource` named one of the account's uploaded profiles. */
  profile?: CustomProfile;
}

const PROFILE_UNFILLABLE = 'LANG2FHIR.PROFILE_UNFILLABLE';
const PROFILE_INVALID = 'LANG2FHIR.PROFILE_INVALID';

/** `resource` as a built-in kind or an uploaded profile id, and applying the profile afterwards. */
@Injectable()
export class CustomProfiles {
  constructor(
    private readonly catalog: ProfileCatalog,
    private readonly filters: ValueSetFilters,
  ) {}

  async resolve(accountId: string, resource: string): Promise<ResolvedResource> {
    if (isRequestedKind(resource)) return { kind: resource };
    const profile = await this.catalog.profile(accountId, resource);
    if (!profile) {
      throw AppError.badRequest(
        Lang2FhirErrorCodes.UNKNOWN_RESOURCE,
        `Unknown resource "${resource}"; use one of: ${REQUESTABLE_KINDS.join(', ')}, or the id of an uploaded profile (GET /fhir/profiles)`,
        { allowed: REQUESTABLE_KINDS },
      );
    }
    const kind = kindForProfileType(profile.resourceType);
    if (!kind) {
      throw new AppError(
        422,
        PROFILE_UNFILLABLE,
        `The profile "${profile.id}" constrains ${profile.resourceType}, which the text engine does not build; supported types: ${PROFILE_TYPES.join(', ')}`,
      );
    }
    return { kind, profile };
  }

  /**
   * The resource made to follow the profile, its codes taken from the value sets the profile
   * binds where the account imported them; a 422 names what could not be filled or is invalid.
   */
  async apply(accountId: string, profile: CustomProfile, resource: Resource): Promise<Resource> {
    const urls = boundValueSetUrls(profile.structureDefinition);
    const stored = urls.length === 0 ? {} : await this.catalog.valueSets(accountId, urls);
    const known = Object.fromEntries(
      urls
        .map((url) => [url, stored[url] ?? implicitValueSet(url)] as const)
        .filter(([, valueSet]) => valueSet !== undefined),
    ) as Record<string, Record<string, unknown>>;
    const valueSets = await this.filters.resolve(known, resource);
    const result = applyProfile(resource, profile.structureDefinition, valueSets);
    if (result.unfilled.length > 0) {
      throw new AppError(
        422,
        PROFILE_UNFILLABLE,
        `The text gives nothing for the elements the profile "${profile.id}" requires: ${result.unfilled.join(', ')}`,
        { unfilled: result.unfilled },
      );
    }
    if (result.unbound.length > 0) {
      throw new AppError(
        422,
        PROFILE_UNFILLABLE,
        `The text gives no code of the value set the profile "${profile.id}" requires for: ${result.unbound.join(', ')}`,
        { unbound: result.unbound },
      );
    }
    if (result.invalid.length > 0) {
      throw new AppError(
        422,
        PROFILE_INVALID,
        `The ${resource.resourceType} built from the text does not conform to the profile "${profile.id}": ${result.invalid.slice(0, 10).join('; ')}`,
        { issues: result.invalid },
      );
    }
    return result.resource;
  }
}
