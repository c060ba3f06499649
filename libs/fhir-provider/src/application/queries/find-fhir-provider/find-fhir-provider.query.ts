import { Query } from '@nestjs/cqrs';
import type { ProviderType } from '../../../domain/provider-types.js';

export interface ProviderSummary {
  id: string;
  name: string;
  provider: ProviderType;
}

/**
 * Whether an account has a provider with this id or name (the sandbox included): for
 * callers that store provider references (workflows, agents) and must check them first.
 */
export class FindFhirProviderQuery extends Query<ProviderSummary | null> {
  constructor(
    readonly accountId: string,
    readonly reference: string,
  ) {
    super();
  }
}
