import type { FhirClient } from '@app/fhir';

export interface FhirClientOptions {
  /** Tokens from `X-Service-Fhir-Provider` (see `parseProviderTokens`), by provider id. */
  providerTokens?: ReadonlyMap<string, string>;
  /** From `X-Service-On-Behalf-Of` (see `parseOnBehalfOf`). */
  onBehalfOf?: string;
}

/**
 * Live FHIR clients for the libraries that read or write FHIR data (lang2fhir, workflows).
 * `provider` is one of the account's providers by id or name; no provider, "sandbox" or the
 * sandbox id give the account's sandbox. The account is explicit so that jobs without a
 * request use it too. Unknown provider: 404; expired credentials: 409.
 */
export abstract class FhirClients {
  abstract forProvider(
    accountId: string,
    provider?: string | null,
    options?: FhirClientOptions,
  ): Promise<FhirClient>;
}
