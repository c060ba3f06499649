import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sandboxProvider } from '../../../domain/sandbox-provider.js';
import { FhirProviderRepository } from '../../ports/fhir-provider.repository.js';
import { ListFhirProvidersQuery, type ProviderListing } from './list-fhir-providers.query.js';

@QueryHandler(ListFhirProvidersQuery)
export class ListFhirProvidersHandler implements IQueryHandler<ListFhirProvidersQuery> {
  constructor(private readonly providers: FhirProviderRepository) {}

  async execute({ accountId }: ListFhirProvidersQuery): Promise<ProviderListing> {
    return {
      sandbox: sandboxProvider(accountId),
      providers: await this.providers.listOwned(accountId),
    };
  }
}
