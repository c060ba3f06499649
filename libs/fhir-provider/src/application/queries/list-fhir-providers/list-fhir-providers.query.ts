import { Query } from '@nestjs/cqrs';
import type { FhirProvider } from '../../../domain/fhir-provider.js';
import type { SandboxProvider } from '../../../domain/sandbox-provider.js';

export interface ProviderListing {
  sandbox: SandboxProvider;
  providers: FhirProvider[];
}

/** The caller's sandbox provider and every provider the account registered. */
export class ListFhirProvidersQuery extends Query<ProviderListing> {
  constructor(readonly accountId: string) {
    super();
  }
}
