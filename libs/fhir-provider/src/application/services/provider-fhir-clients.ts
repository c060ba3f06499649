import { Injectable } from '@nestjs/common';
import { FhirClientFactory, type FhirClient } from '@app/fhir';
import { FhirClients, type FhirClientOptions } from '../ports/fhir-clients.js';
import { ProviderAccessResolver } from './provider-access.js';

@Injectable()
export class ProviderFhirClients extends FhirClients {
  constructor(
    private readonly access: ProviderAccessResolver,
    private readonly clients: FhirClientFactory,
  ) {
    super();
  }

  async forProvider(
    accountId: string,
    provider?: string | null,
    options: FhirClientOptions = {},
  ): Promise<FhirClient> {
    const access = await this.access.resolve(accountId, provider, options);
    if (access.kind === 'sandbox') return this.clients.sandbox(accountId);
    return this.clients.remote({
      baseUrl: access.provider.baseUrl,
      authorizer: access.authorizer,
      providerId: access.provider.id,
    });
  }
}
