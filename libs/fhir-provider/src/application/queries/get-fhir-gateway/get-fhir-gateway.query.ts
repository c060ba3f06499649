import { Query } from '@nestjs/cqrs';
import type { FhirGateway } from '@app/fhir';
import type { FhirClientOptions } from '../../ports/fhir-clients.js';

/**
 * A pass-through to one of the account's FHIR servers (a provider by id or name, or the
 * sandbox), carrying the credentials of the provider's active auth configuration.
 * `origin` is the service as the caller reached it (the sandbox's links are under it).
 */
export class GetFhirGatewayQuery extends Query<FhirGateway> {
  constructor(
    readonly accountId: string,
    readonly provider: string,
    readonly origin: string,
    readonly options: FhirClientOptions = {},
  ) {
    super();
  }
}
