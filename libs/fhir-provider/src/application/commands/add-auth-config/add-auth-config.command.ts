import { Command } from '@nestjs/cqrs';
import type { AuthConfigInput } from '../../../domain/auth-config-rules.js';
import type { FhirProvider } from '../../../domain/fhir-provider.js';

/** Adds an (inactive) auth configuration: the first step of a key rotation. */
export class AddAuthConfigCommand extends Command<FhirProvider> {
  constructor(
    readonly accountId: string,
    readonly providerId: string,
    readonly auth: AuthConfigInput,
  ) {
    super();
  }
}
