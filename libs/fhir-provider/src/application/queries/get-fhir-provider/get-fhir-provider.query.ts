import { Query } from '@nestjs/cqrs';
import type { FhirProvider } from '../../../domain/fhir-provider.js';
import type { SandboxProvider } from '../../../domain/sandbox-provider.js';

/** One provider of the caller's account (the sandbox included); 404 for anything else. */
export class GetFhirProviderQuery extends Query<FhirProvider | SandboxProvider> {
  constructor(
    readonly accountId: string,
    readonly providerId: string,
  ) {
    super();
  }
}
