import { Query } from '@nestjs/cqrs';
import type { FhirClient } from '@app/fhir';

export interface FhirClientOptions {
  /** Tokens from `X-Service-Fhir-Provider` (see `parseProviderTokens`), by provider id. */
  providerTokens?: ReadonlyMap<string, string>;
  /** From `X-Service-On-Behalf-Of` (see `parseOnBehalfOf`). */
  onBehalfOf?: string;
}

/**
 * A FHIR client for one of an account's providers, named by id or by name; the account's
 * sandbox when no provider is named (or when it is named "sandbox" or by its id). Takes
 * the account explicitly so that workers without a request context can use it.
 */
export class GetFhirClientQuery extends Query<FhirClient> {
  constructor(
    readonly accountId: string,
    readonly provider?: string,
    readonly options: FhirClientOptions = {},
  ) {
    super();
  }
}
