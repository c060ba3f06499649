import type { RequestAuthorizer } from '@app/fhir';
import type { AuthConfig } from '../../domain/auth-config.js';
import type { FhirProvider } from '../../domain/fhir-provider.js';

export interface AuthorizationOptions {
  /** token_passthrough: the caller's token for this provider. */
  passthroughToken?: string;
  /** on_behalf_of: `Patient/<id>` or `Practitioner/<id>`. */
  onBehalfOf?: string;
}

/** Turns an auth configuration into the credentials of outbound requests (tokens cached). */
export abstract class ProviderAuthorizers {
  abstract authorizerFor(
    provider: FhirProvider,
    config: AuthConfig,
    options: AuthorizationOptions,
  ): RequestAuthorizer;
  /** Drops cached tokens of configurations that no longer exist. */
  abstract forget(authConfigIds: readonly string[]): void;
}
