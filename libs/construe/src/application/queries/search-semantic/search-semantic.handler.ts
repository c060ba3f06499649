import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Embedder } from '../../ports/embedder.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { resolveSystem } from '../../system-resolver.js';
import type { SearchResult } from '../search-text/search-text.query.js';
import { SearchSemanticQuery } from './search-semantic.query.js';

@QueryHandler(SearchSemanticQuery)
export class SearchSemanticHandler implements IQueryHandler<SearchSemanticQuery> {
  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly embedder: Embedder,
  ) {}

  async execute({ name, text, limit, version }: SearchSemanticQuery): Promise<SearchResult> {
    const system = await resolveSystem(this.systems, name, version);
    const [vector] = await this.embedder.embed([text]);
    return {
      system: { name: system.name, version: system.version },
      results: await this.systems.searchSemantic(system.id, vector, limit),
    };
  }
}
