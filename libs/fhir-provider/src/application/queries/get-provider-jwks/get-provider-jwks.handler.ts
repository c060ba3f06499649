import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PublicJwk } from '../../../domain/auth-config.js';
import { FhirProviderRepository } from '../../ports/fhir-provider.repository.js';
import { providerNotFound } from '../../services/sandbox-guard.js';
import { GetProviderJwksQuery } from './get-provider-jwks.query.js';

@QueryHandler(GetProviderJwksQuery)
export class GetProviderJwksHandler implements IQueryHandler<GetProviderJwksQuery> {
  constructor(private readonly providers: FhirProviderRepository) {}

  async execute({ providerId }: GetProviderJwksQuery): Promise<{ keys: PublicJwk[] }> {
    const keys = await this.providers.findPublicKeysForJwks(providerId);
    if (!keys) throw providerNotFound(providerId);
    return { keys };
  }
}
