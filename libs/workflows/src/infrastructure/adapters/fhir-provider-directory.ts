import { Injectable } from '@nestjs/common';
import { ProviderDirectory as FhirProviders } from '@app/fhir-provider';
import { ProviderDirectory, type ProviderRef } from '../../application/ports/provider-directory.js';

@Injectable()
export class FhirProviderDirectory extends ProviderDirectory {
  constructor(private readonly providers: FhirProviders) {
    super();
  }

  async find(accountId: string, reference: string): Promise<ProviderRef | null> {
    const provider = await this.providers.find(accountId, reference);
    return provider ? { id: provider.id, name: provider.name } : null;
  }
}
