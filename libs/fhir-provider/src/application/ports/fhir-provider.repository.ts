import type { PublicJwk } from '../../domain/auth-config.js';
import type { FhirProvider } from '../../domain/fhir-provider.js';

/**
 * Registered providers, always read and written for one account. The JWKS lookup is the
 * one unscoped read: FHIR servers fetch public keys without credentials, by provider id.
 */
export abstract class FhirProviderRepository {
  abstract listOwned(accountId: string): Promise<FhirProvider[]>;
  abstract findOwned(accountId: string, id: string): Promise<FhirProvider | null>;
  abstract findOwnedByName(accountId: string, name: string): Promise<FhirProvider | null>;
  /** Throws a 409 when the account already has a provider of that name. */
  abstract insert(provider: FhirProvider): Promise<void>;
  /**
   * Read-modify-write under a row lock: `change` sees the current provider and returns the
   * next one (or throws, which changes nothing). Null when the account has no such provider.
   */
  abstract update(
    accountId: string,
    id: string,
    change: (provider: FhirProvider) => FhirProvider,
  ): Promise<FhirProvider | null>;
  abstract deleteOwned(accountId: string, id: string): Promise<FhirProvider | null>;
  abstract findPublicKeysForJwks(providerId: string): Promise<PublicJwk[] | null>;
}
