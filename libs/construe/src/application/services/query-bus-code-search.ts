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

  searchText(system: string, text: string, limit: number, version?: string) {
    return this.queries.execute(new SearchTextQuery(system, text, limit, version));
  }

  searchSemantic(system: string, text: string, limit: number, version?: string) {
    return this.queries.execute(new SearchSemanticQuery(system, text, limit, version));
  }

  extract(text: string, system: string, version?: string) {
    return this.queries.execute(new ExtractCodesQuery(text, system, version));
  }
}
