import type { ApiClient, AuthenticatedClient } from '../../domain/api-client.js';

export interface NewApiClient {
  id: string;
  accountId: string;
  name: string;
  secretHash: string;
}

/**
 * Credential lookups (`findForAuthentication`) are the one unscoped read: they establish
 * who the caller is. Everything else is scoped to the account passed as the first argument.
 */
export abstract class ApiClientRepository {
  abstract findForAuthentication(
    clientId: string,
  ): Promise<(ApiClient & { plan: AuthenticatedClient['plan'] }) | null>;
  abstract create(client: NewApiClient): Promise<ApiClient>;
  abstract listOwned(accountId: string): Promise<ApiClient[]>;
  /** Returns false when no client of that account has that id. */
  abstract disableOwned(accountId: string, clientId: string): Promise<boolean>;
  abstract touchLastUsed(clientId: string): Promise<void>;
}
