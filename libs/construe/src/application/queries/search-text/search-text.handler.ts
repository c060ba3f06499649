import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { codeKey } from '../../../domain/builtin-systems.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { resolveSystem } from '../../system-resolver.js';
import { SearchTextQuery, type SearchResult } from './search-text.query.js';

@QueryHandler(SearchTextQuery)
export class SearchTextHandler implements IQueryHandler<SearchTextQuery> {
  constructor(private readonly systems: CodeSystemRepository) {}

  async execute({ name, text, limit, version }: SearchTextQuery): Promise<SearchResult> {
    const system = await resolveSystem(this.systems, name, version);
    const query = text.trim();
    // Only a query that looks like a code (one token with a digit) is matched as a code prefix.
    const key = /^[A-Za-z0-9.-]*\d[A-Za-z0-9.-]*$/.test(query) ? codeKey(query) : '';
    return {
      system: { name: system.name, version: system.version },
      results: await this.systems.searchText(system.id, query, key, limit),
    };
  }
}
