import { Query } from '@nestjs/cqrs';
import type { ScoredCode } from '../../ports/code-search.store.js';

export interface SearchResult {
  system: { name: string; version: string };
  results: ScoredCode[];
}

export class SearchTextQuery extends Query<SearchResult> {
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
