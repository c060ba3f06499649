import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { FhirClientFactory, type FhirClient } from '@app/fhir';
import { AppError, isUuid } from '@app/shared';
import { isExpired } from '../../../domain/auth-config.js';
import { activeAuthConfig, type FhirProvider } from '../../../domain/fhir-provider.js';
import { isSandboxReference } from '../../../domain/sandbox-provider.js';
import { FhirProviderRepository } from '../../ports/fhir-provider.repository.js';
import { ProviderAuthorizers } from '../../ports/provider-authorizers.js';
import { GetFhirClientQuery } from './get-fhir-client.query.js';

@QueryHandler(GetFhirClientQuery)
export class GetFhirClientHandler implements IQueryHandler<GetFhirClientQuery> {
  constructor(
    private readonly providers: FhirProviderRepository,
    private readonly authorizers: ProviderAuthorizers,
    private readonly clients: FhirClientFactory,
  ) {}

  async execute({
    accountId,
    provider: reference,
    options,
  }: GetFhirClientQuery): Promise<FhirClient> {
    // null too: @IsOptional() on the callers' DTOs lets a JSON null through as "absent"
    if (
      reference === undefined ||
      reference === null ||
      reference.trim() === '' ||
      isSandboxReference(accountId, reference)
    ) {
      return this.clients.sandbox(accountId);
    }
    const provider = await this.find(accountId, reference.trim());
    const config = activeAuthConfig(provider);
    if (isExpired(config, new Date())) {
      throw AppError.conflict(
        'FHIR_PROVIDER.CREDENTIAL_EXPIRED',
        `The active auth configuration of provider "${provider.name}" expired on ${config.credentialExpiry?.toISOString()}; add and activate a new one`,
      );
    }
    const authorizer = this.authorizers.authorizerFor(provider, config, {
      passthroughToken: options.providerTokens?.get(provider.id),
      onBehalfOf: options.onBehalfOf,
    });
    return this.clients.remote({ baseUrl: provider.baseUrl, authorizer, providerId: provider.id });
  }

  private async find(accountId: string, reference: string): Promise<FhirProvider> {
    const provider =
      (isUuid(reference) ? await this.providers.findOwned(accountId, reference) : null) ??
      (await this.providers.findOwnedByName(accountId, reference));
    if (!provider) {
      throw AppError.notFound(
        'FHIR_PROVIDER.NOT_FOUND',
        `No FHIR provider with id or name "${reference}"`,
      );
    }
    return provider;
  }
}
