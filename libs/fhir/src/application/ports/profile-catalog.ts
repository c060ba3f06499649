import type { CustomProfile } from '../../domain/profiles/custom-profile.js';

/**
 * An account's uploaded profiles and the ValueSets of its imported guides, for the
 * libraries that fill resources to a profile (lang2fhir).
 */
export abstract class ProfileCatalog {
  /** The profile with this id (case-insensitive), or null when the account has none. */
  abstract profile(accountId: string, id: string): Promise<CustomProfile | null>;
  /** The account's imported ValueSets with these canonical urls, by url (absent ones left out). */
  abstract valueSets(
    accountId: string,
    urls: readonly string[],
  ): Promise<Record<string, Record<string, unknown>>>;
}
