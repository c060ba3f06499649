import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { RequestContext } from '@app/shared';
import { sandboxProvider } from '../../../domain/sandbox-provider.js';
import { FhirProviderRepository } from '../../ports/fhir-provider.repository.js';
import { ListFhirProvidersQuery, type ProviderListing } from './list-fhir-providers.query.js';

@QueryHandler(ListFhirProvidersQuery)
export class ListFhirProvidersHandler implements IQueryHandler<ListFhirProvidersQuery> {
  constructor(private readonly providers: FhirProviderRepository) {}

  async execute(): Promise<ProviderListing> {
    const { accountId } = RequestContext.requireTenant();
    return {
      sandbox: sandboxProvider(accountId),
      providers: await this.providers.listOwned(accountId),
    };
  }
}
