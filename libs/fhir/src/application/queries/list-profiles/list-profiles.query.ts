import { Query } from '@nestjs/cqrs';
import type { BuiltinProfile } from '../../../domain/profiles/builtin-profiles.js';
import type { CustomProfile } from '../../../domain/profiles/custom-profile.js';

export interface ListedProfiles {
  custom: CustomProfile[];
  /** Empty unless asked for (`includeBuiltin`). */
  builtin: BuiltinProfile[];
}

export class ListProfilesQuery extends Query<ListedProfiles> {
  constructor(
    readonly accountId: string,
    readonly url?: string,
    readonly includeBuiltin = false,
  ) {
    super();
  }
}
