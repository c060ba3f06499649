import { Injectable } from '@nestjs/common';
import type { BuiltinProfile, BuiltinProfileCatalog } from '@app/fhir';
import { usCoreBuiltinProfiles } from '../../domain/builtin-profile-list.js';

/** The fhir library's BuiltinProfileCatalog port, answered with the engine's US Core profiles. */
@Injectable()
export class UsCoreProfileCatalog implements BuiltinProfileCatalog {
  private readonly profiles = usCoreBuiltinProfiles();

  list(): readonly BuiltinProfile[] {
    return this.profiles;
  }
}
