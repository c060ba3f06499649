import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FhirProvider } from '../../../domain/fhir-provider.js';
import {
  sandboxProvider,
  sandboxProviderId,
  type SandboxProvider,
} from '../../../domain/sandbox-provider.js';
import { FhirProviderRepository } from '../../ports/fhir-provider.repository.js';
import { providerNotFound } from '../../services/sandbox-guard.js';
import { GetFhirProviderQuery } from './get-fhir-provider.query.js';

@QueryHandler(GetFhirProviderQuery)
export class GetFhirProviderHandler implements IQueryHandler<GetFhirProviderQuery> {
  constructor(private readonly providers: FhirProviderRepository) {}

  async execute({
    accountId,
    providerId,
  }: GetFhirProviderQuery): Promise<FhirProvider | SandboxProvider> {
    if (providerId.toLowerCase() === sandboxProviderId(accountId))
      return sandboxProvider(accountId);
    const provider = await this.providers.findOwned(accountId, providerId);
    if (!provider) throw providerNotFound(providerId);
    return provider;
  }
}
