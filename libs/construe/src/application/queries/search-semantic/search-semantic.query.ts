import { Query } from '@nestjs/cqrs';
import type { SearchResult } from '../search-text/search-text.query.js';

export class SearchSemanticQuery extends Query<SearchResult> {
  constructor(
    readonly accountId: string,
    readonly name: string,
    readonly text: string,
    readonly limit: number,
    readonly version?: string,
  ) {
    super();
  }
}
