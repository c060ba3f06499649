import { Injectable } from '@nestjs/common';
import { isUuid } from '@app/shared';
import { isSandboxReference, sandboxProvider } from '../../domain/sandbox-provider.js';
import { FhirProviderRepository } from '../ports/fhir-provider.repository.js';
import { ProviderDirectory, type ProviderSummary } from '../ports/provider-directory.js';

@Injectable()
export class RepositoryProviderDirectory extends ProviderDirectory {
  constructor(private readonly providers: FhirProviderRepository) {
    super();
  }

  async find(accountId: string, reference: string): Promise<ProviderSummary | null> {
    const wanted = reference.trim();
    if (wanted === '') return null;
    if (isSandboxReference(accountId, wanted)) {
      const { id, name, provider } = sandboxProvider(accountId);
      return { id, name, provider };
    }
    const found =
      (isUuid(wanted) ? await this.providers.findOwned(accountId, wanted) : null) ??
      (await this.providers.findOwnedByName(accountId, wanted));
    return found ? { id: found.id, name: found.name, provider: found.provider } : null;
  }
}
