import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ValueSetRepository } from '../../ports/value-set.repository.js';
import { GetValueSetsQuery } from './get-value-sets.query.js';

@QueryHandler(GetValueSetsQuery)
export class GetValueSetsHandler implements IQueryHandler<GetValueSetsQuery> {
  constructor(private readonly valueSets: ValueSetRepository) {}

  async execute(query: GetValueSetsQuery): Promise<Record<string, Record<string, unknown>>> {
    const found = await this.valueSets.findOwnedByUrls(query.accountId, query.urls);
    return Object.fromEntries(found.map((item) => [item.url, item.valueSet]));
  }
}
