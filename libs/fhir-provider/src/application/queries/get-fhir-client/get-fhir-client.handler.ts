import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { FhirClientFactory, type FhirClient } from '@app/fhir';
import { ProviderAccessResolver } from '../../services/provider-access.js';
import { GetFhirClientQuery } from './get-fhir-client.query.js';

@QueryHandler(GetFhirClientQuery)
export class GetFhirClientHandler implements IQueryHandler<GetFhirClientQuery> {
  constructor(
    private readonly access: ProviderAccessResolver,
    private readonly clients: FhirClientFactory,
  ) {}

  async execute({ accountId, provider, options }: GetFhirClientQuery): Promise<FhirClient> {
    const access = await this.access.resolve(accountId, provider, options);
    if (access.kind === 'sandbox') return this.clients.sandbox(accountId);
    return this.clients.remote({
      baseUrl: access.provider.baseUrl,
      authorizer: access.authorizer,
      providerId: access.provider.id,
    });
  }
}
