import { Injectable } from '@nestjs/common';
import { CodeSearchStore, type SearchableCode } from './ports/code-search.store.js';
import { InFlight } from './in-flight.js';

/**
 * A code system's stored search documents (every code with its synonyms and hierarchy), read
 * once for the indexes built from them at the same time: the text index and the learned
 * vectors of a builtin system are both built when the API starts, and an uploaded system's
 * both on its first semantic search. Each index keeps its own digest; the rows are not kept.
 */
@Injectable()
export class SearchDocuments {
  private readonly reads = new InFlight<SearchableCode[]>();

  constructor(private readonly store: CodeSearchStore) {}

  of(systemId: string): Promise<SearchableCode[]> {
    return this.reads.get(systemId, () => this.store.loadSearchDocuments(systemId));
  }
}
