import type { ProviderType } from '../../domain/provider-types.js';

export interface ProviderSummary {
  id: string;
  name: string;
  provider: ProviderType;
}

/**
 * Whether an account has a provider with this id or name (the sandbox included), for the
 * libraries that store provider references (workflows, agents) and must check them first.
 */
export abstract class ProviderDirectory {
  abstract find(accountId: string, reference: string): Promise<ProviderSummary | null>;
}
