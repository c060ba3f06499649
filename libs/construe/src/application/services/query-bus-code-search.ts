import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CodeSearch } from '../ports/code-search.js';
import { ExtractCodesQuery } from '../queries/extract-codes/extract-codes.query.js';
import { SearchSemanticQuery } from '../queries/search-semantic/search-semantic.query.js';
import { SearchTextQuery } from '../queries/search-text/search-text.query.js';

/** The port answered by this library's own search use cases. */
@Injectable()
export class QueryBusCodeSearch extends CodeSearch {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  searchText(accountId: string, system: string, text: string, limit: number, version?: string) {
    return this.queries.execute(new SearchTextQuery(accountId, system, text, limit, version));
  }

  searchSemantic(accountId: string, system: string, text: string, limit: number, version?: string) {
    return this.queries.execute(new SearchSemanticQuery(accountId, system, text, limit, version));
  }

  extract(accountId: string, text: string, system: string, version?: string) {
    return this.queries.execute(new ExtractCodesQuery(accountId, text, system, version));
  }
}
