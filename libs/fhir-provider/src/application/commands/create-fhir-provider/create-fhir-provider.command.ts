import { Command } from '@nestjs/cqrs';
import type { AuthConfigInput } from '../../../domain/auth-config-rules.js';
import type { FhirProvider } from '../../../domain/fhir-provider.js';
import type { ProviderType } from '../../../domain/provider-types.js';

export interface NewFhirProvider {
  name: string;
  description?: string;
  provider: ProviderType;
  baseUrl: string;
  /** Deprecated top-level client id: used when `auth.client_id` is absent. */
  clientId?: string;
  auth: AuthConfigInput;
}

/** Registers a FHIR server for the caller's account; its first auth configuration becomes active. */
export class CreateFhirProviderCommand extends Command<FhirProvider> {
  constructor(
    readonly accountId: string,
    readonly provider: NewFhirProvider,
  ) {
    super();
  }
}
