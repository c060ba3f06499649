import type { CustomProfile, ImplementationGuide } from '../../domain/profiles/custom-profile.js';

/** Custom profiles and implementation guide metadata, per account (the owner comes first). */
export abstract class ProfileRepository {
  abstract listOwned(accountId: string, url?: string): Promise<CustomProfile[]>;
  abstract findOwned(accountId: string, id: string): Promise<CustomProfile | null>;
  abstract findOwnedByUrl(accountId: string, url: string): Promise<CustomProfile | null>;
  abstract insert(accountId: string, profile: CustomProfile): Promise<void>;
  abstract replace(accountId: string, profile: CustomProfile): Promise<void>;
  abstract remove(accountId: string, id: string): Promise<boolean>;
  /** Guides with stored metadata and guides named by at least one profile. */
  abstract listOwnedGuides(accountId: string): Promise<ImplementationGuide[]>;
  abstract setGuideContext(accountId: string, name: string, context: string): Promise<void>;
  abstract removeGuideMetadata(accountId: string, name: string): Promise<boolean>;
}
