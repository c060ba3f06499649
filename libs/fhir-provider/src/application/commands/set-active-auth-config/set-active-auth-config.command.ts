import { Command } from '@nestjs/cqrs';
import type { FhirProvider } from '../../../domain/fhir-provider.js';

/** Makes one of the provider's auth configurations the one outbound requests use. */
export class SetActiveAuthConfigCommand extends Command<FhirProvider> {
  constructor(
    readonly accountId: string,
    readonly providerId: string,
    readonly authConfigId: string,
  ) {
    super();
  }
}
