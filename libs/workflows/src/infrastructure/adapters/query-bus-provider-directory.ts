import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { FindFhirProviderQuery } from '@app/fhir-provider';
import { ProviderDirectory, type ProviderRef } from '../../application/ports/provider-directory.js';

@Injectable()
export class QueryBusProviderDirectory extends ProviderDirectory {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  async find(accountId: string, reference: string): Promise<ProviderRef | null> {
    const provider = await this.queries.execute(new FindFhirProviderQuery(accountId, reference));
    return provider ? { id: provider.id, name: provider.name } : null;
  }
}
