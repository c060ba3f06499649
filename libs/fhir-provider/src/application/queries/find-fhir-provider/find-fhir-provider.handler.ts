import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { isSandboxReference, sandboxProvider } from '../../../domain/sandbox-provider.js';
import { FhirProviderRepository } from '../../ports/fhir-provider.repository.js';
import { FindFhirProviderQuery, type ProviderSummary } from './find-fhir-provider.query.js';
import { isUuid } from '@app/shared';

@QueryHandler(FindFhirProviderQuery)
export class FindFhirProviderHandler implements IQueryHandler<FindFhirProviderQuery> {
  constructor(private readonly providers: FhirProviderRepository) {}

  async execute({ accountId, reference }: FindFhirProviderQuery): Promise<ProviderSummary | null> {
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
