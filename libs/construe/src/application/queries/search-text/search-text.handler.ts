import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { codeKey } from '../../../domain/builtin-systems.js';
import { CodeSearchIndexes } from '../../code-search-indexes.js';
import { CodeSearchStore } from '../../ports/code-search.store.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { resolveSystem } from '../../system-resolver.js';
import { SearchTextQuery, type SearchResult } from './search-text.query.js';

@QueryHandler(SearchTextQuery)
export class SearchTextHandler implements IQueryHandler<SearchTextQuery> {
  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly search: CodeSearchStore,
    private readonly indexes: CodeSearchIndexes,
  ) {}

  async execute({ accountId, name, text, limit, version }: SearchTextQuery): Promise<SearchResult> {
    const system = await resolveSystem(this.systems, accountId, name, version);
    const query = text.trim();
    // Only a query that looks like a code (one token with a digit) is matched as a code prefix.
    const key = /^[A-Za-z0-9.-]*\d[A-Za-z0-9.-]*$/.test(query) ? codeKey(query) : '';
    const byCode = key ? await this.search.searchCodePrefix(system.id, key, limit) : [];
    const byText = byCode.length < limit ? await this.indexes.search(system.id, query, limit) : [];
    const listed = new Set(byCode.map((code) => code.code));
    return {
      system: { name: system.name, version: system.version },
      results: [...byCode, ...byText.filter((code) => !listed.has(code.code))].slice(0, limit),
    };
  }
}
