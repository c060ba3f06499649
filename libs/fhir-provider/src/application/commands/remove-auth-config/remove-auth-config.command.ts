import { Command } from '@nestjs/cqrs';
import type { FhirProvider } from '../../../domain/fhir-provider.js';

/** Removes an inactive auth configuration (the last step of a key rotation). */
export class RemoveAuthConfigCommand extends Command<FhirProvider> {
  constructor(
    readonly accountId: string,
    readonly providerId: string,
    readonly authConfigId: string,
  ) {
    super();
  }
}
