import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { fuseRankings } from '../../../domain/text-search/rank-fusion.js';
import { CodeSearchIndexes } from '../../code-search-indexes.js';
import { Embedder } from '../../ports/embedder.js';
import { CodeSearchStore, type ScoredCode } from '../../ports/code-search.store.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { resolveSystem } from '../../system-resolver.js';
import type { SearchResult } from '../search-text/search-text.query.js';
import { SearchSemanticQuery } from './search-semantic.query.js';

/** How deep each ranking is read before fusion. */
const FUSION_DEPTH = 50;
/**
 * Weight of each ranking in the fusion. The default embedder hashes word pieces and knows
 * no meaning, so the lexical ranking (synonyms, hierarchy) leads and the vectors add
 * spelling and word-order tolerance; an embeddings endpoint carries meaning and gets an
 * equal say.
 */
const LEXICAL_WEIGHT = 1;
const VECTOR_WEIGHT = { hashing: 0.5, model: 1 };

/** Hybrid retrieval: the vector ranking and the lexical ranking, fused by reciprocal rank. */
@QueryHandler(SearchSemanticQuery)
export class SearchSemanticHandler implements IQueryHandler<SearchSemanticQuery> {
  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly search: CodeSearchStore,
    private readonly embedder: Embedder,
    private readonly indexes: CodeSearchIndexes,
  ) {}

  async execute({
    accountId,
    name,
    text,
    limit,
    version,
  }: SearchSemanticQuery): Promise<SearchResult> {
    const system = await resolveSystem(this.systems, accountId, name, version);
    const depth = Math.max(limit, FUSION_DEPTH);
    const [[vector], lexical] = await Promise.all([
      this.embedder.embed([text]),
      this.indexes.search(system.id, text, depth),
    ]);
    const semantic = await this.search.searchSemantic(system.id, vector, depth);
    const fused = fuseRankings<ScoredCode>(
      [
        { items: lexical, weight: LEXICAL_WEIGHT },
        {
          items: semantic,
          weight: this.embedder.name.startsWith('hashing')
            ? VECTOR_WEIGHT.hashing
            : VECTOR_WEIGHT.model,
        },
      ],
      (code) => code.code,
    );
    return {
      system: { name: system.name, version: system.version },
      results: fused.slice(0, limit).map(({ item, score }) => ({
        ...item,
        score: Number(score.toFixed(6)),
      })),
    };
  }
}
