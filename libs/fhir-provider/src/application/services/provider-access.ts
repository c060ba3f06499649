import { Injectable } from '@nestjs/common';
import type { RequestAuthorizer } from '@app/fhir';
import { AppError, isUuid } from '@app/shared';
import { isExpired } from '../../domain/auth-config.js';
import { activeAuthConfig, type FhirProvider } from '../../domain/fhir-provider.js';
import { isSandboxReference } from '../../domain/sandbox-provider.js';
import { FhirProviderRepository } from '../ports/fhir-provider.repository.js';
import type { FhirClientOptions } from '../ports/fhir-clients.js';
import { ProviderAuthorizers } from '../ports/provider-authorizers.js';

/** How to reach the FHIR server a caller named: the account's sandbox, or a provider with credentials. */
export type ProviderAccess =
  { kind: 'sandbox' } | { kind: 'remote'; provider: FhirProvider; authorizer: RequestAuthorizer };

/**
 * Resolves a provider reference (id or name; "sandbox", the sandbox id or nothing for the
 * sandbox) into the server and the credentials of its active auth configuration.
 */
@Injectable()
export class ProviderAccessResolver {
  constructor(
    private readonly providers: FhirProviderRepository,
    private readonly authorizers: ProviderAuthorizers,
  ) {}

  async resolve(
    accountId: string,
    reference: string | null | undefined,
    options: FhirClientOptions,
  ): Promise<ProviderAccess> {
    if (
      // null too: @IsOptional() on the callers' DTOs lets a JSON null through as "absent"
      reference === undefined ||
      reference === null ||
      reference.trim() === '' ||
      isSandboxReference(accountId, reference)
    ) {
      return { kind: 'sandbox' };
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
    return { kind: 'remote', provider, authorizer };
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
