import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { FhirClientFactory, type FhirGateway } from '@app/fhir';
import { ProviderAccessResolver } from '../../services/provider-access.js';
import { GetFhirGatewayQuery } from './get-fhir-gateway.query.js';

@QueryHandler(GetFhirGatewayQuery)
export class GetFhirGatewayHandler implements IQueryHandler<GetFhirGatewayQuery> {
  constructor(
    private readonly access: ProviderAccessResolver,
    private readonly clients: FhirClientFactory,
  ) {}

  async execute({
    accountId,
    provider,
    origin,
    options,
  }: GetFhirGatewayQuery): Promise<FhirGateway> {
    const access = await this.access.resolve(accountId, provider, options);
    if (access.kind === 'sandbox') return this.clients.sandboxGateway(accountId, origin);
    return this.clients.remoteGateway({
      baseUrl: access.provider.baseUrl,
      authorizer: access.authorizer,
    });
  }
}
