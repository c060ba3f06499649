import { Injectable } from '@nestjs/common';
import type { CustomProfile } from '../../domain/profiles/custom-profile.js';
import { ProfileCatalog } from '../ports/profile-catalog.js';
import { ProfileRepository } from '../ports/profile.repository.js';
import { ValueSetRepository } from '../ports/value-set.repository.js';

@Injectable()
export class StoredProfileCatalog extends ProfileCatalog {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly stored: ValueSetRepository,
  ) {
    super();
  }

  profile(accountId: string, id: string): Promise<CustomProfile | null> {
    return this.profiles.findOwned(accountId, id.toLowerCase());
  }

  async valueSets(
    accountId: string,
    urls: readonly string[],
  ): Promise<Record<string, Record<string, unknown>>> {
    const found = await this.stored.findOwnedByUrls(accountId, [...urls]);
    return Object.fromEntries(found.map((item) => [item.url, item.valueSet]));
  }
}
