import { Query } from '@nestjs/cqrs';
import type { PublicJwk } from '../../../domain/auth-config.js';

/** The public keys of a provider's jwt configurations, for the FHIR server to verify assertions. */
export class GetProviderJwksQuery extends Query<{ keys: PublicJwk[] }> {
  constructor(readonly providerId: string) {
    super();
  }
}
