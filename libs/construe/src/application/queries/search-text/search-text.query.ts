import { Query } from '@nestjs/cqrs';
import type { ScoredCode } from '../../ports/code-system.repository.js';

export interface SearchResult {
  system: { name: string; version: string };
  results: ScoredCode[];
}

export class SearchTextQuery extends Query<SearchResult> {
  constructor(
    readonly name: string,
    readonly text: string,
    readonly limit: number,
    readonly version?: string,
  ) {
    super();
  }
}
