import type { ApiClient, AuthenticatedClient } from '../../domain/api-client.js';

export interface NewApiClient {
  id: string;
  accountId: string;
  name: string;
  secretHash: string;
}

/**
 * Credential lookups (`findForAuthentication`) are the one unscoped read: they establish
 * who the caller is. Everything else is scoped to the tenant of the current request.
 */
export abstract class ApiClientRepository {
  abstract findForAuthentication(
    clientId: string,
  ): Promise<(ApiClient & { plan: AuthenticatedClient['plan'] }) | null>;
  abstract create(client: NewApiClient): Promise<ApiClient>;
  abstract listOwned(): Promise<ApiClient[]>;
  /** Returns false when no client of the current tenant has that id. */
  abstract disableOwned(clientId: string): Promise<boolean>;
  abstract touchLastUsed(clientId: string): Promise<void>;
}
