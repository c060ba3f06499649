import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  HYBRID_DEPTH,
  LEARNED_VECTOR_WEIGHT,
  fuseHybrid,
  mixScores,
} from '../../../domain/semantic/hybrid-fusion.js';
import { codeKey } from '../../../domain/builtin-systems.js';
import { CodeSearchIndexes } from '../../code-search-indexes.js';
import { CodeVectorIndexes } from '../../code-vector-indexes.js';
import { Embedder } from '../../ports/embedder.js';
import { CodeSearchStore, type ScoredCode } from '../../ports/code-search.store.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { resolveSystem } from '../../system-resolver.js';
import type { SearchResult } from '../search-text/search-text.query.js';
import { SearchSemanticQuery } from './search-semantic.query.js';

/**
 * Weight of the stored vectors' ranking against the lexical ranking's 1 in rank fusion. The
 * hashing embedder knows no meaning (the vectors add spelling and word-order tolerance); an
 * embeddings endpoint carries meaning and gets an equal say.
 */
const STORED_VECTOR_WEIGHT = { hashing: 0.5, model: 1 };

const byCode = (code: ScoredCode) => code.code;

/** Hybrid retrieval: the lexical ranking and a vector ranking, fused. */
@QueryHandler(SearchSemanticQuery)
export class SearchSemanticHandler implements IQueryHandler<SearchSemanticQuery> {
  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly search: CodeSearchStore,
    private readonly embedder: Embedder,
    private readonly indexes: CodeSearchIndexes,
    private readonly vectorIndexes: CodeVectorIndexes,
  ) {}

  async execute({
    accountId,
    name,
    text,
    limit,
    version,
  }: SearchSemanticQuery): Promise<SearchResult> {
    const system = await resolveSystem(this.systems, accountId, name, version);
    const query = text.trim();
    // As search/text: a query that looks like a code (one token with a digit) lists the codes
    // it prefixes first.
    const key = /^[A-Za-z0-9.-]*\d[A-Za-z0-9.-]*$/.test(query) ? codeKey(query) : '';
    const byCode = key ? await this.search.searchCodePrefix(system.id, key, limit) : [];
    const depth = Math.max(limit, HYBRID_DEPTH);
    const fused =
      byCode.length >= limit
        ? []
        : this.embedder.learnsFromVocabulary
          ? await this.learnedHybrid(system.id, query, depth)
          : await this.storedHybrid(system.id, query, depth);
    const listed = new Set(byCode.map((code) => code.code));
    return {
      system: { name: system.name, version: system.version },
      results: [
        ...byCode,
        ...fused
          .filter(({ item }) => !listed.has(item.code))
          .map(({ item, score }) => ({ ...item, score: Number(score.toFixed(6)) })),
      ].slice(0, limit),
    };
  }

  /** Vocabulary-trained vectors, in memory: the lexical scores mixed with the cosines. */
  private async learnedHybrid(systemId: string, text: string, depth: number) {
    const [lexical, vectors] = await Promise.all([
      this.indexes.search(systemId, text, depth),
      this.vectorIndexes.vectorsOf(systemId),
    ]);
    const query = vectors.embedQuery(text);
    return mixScores(
      lexical.map((code) => ({ item: code, score: code.score })),
      vectors.nearest(query, depth).map((code) => ({ item: code, score: code.score })),
      byCode,
      LEARNED_VECTOR_WEIGHT,
      (code) => vectors.cosine(query, code.code),
    );
  }

  /** Vectors stored per code (hashing or an embeddings endpoint), searched in the database. */
  private async storedHybrid(systemId: string, text: string, depth: number) {
    const [[vector], lexical] = await Promise.all([
      this.embedder.embed([text]),
      this.indexes.search(systemId, text, depth),
    ]);
    const semantic = await this.search.searchSemantic(systemId, vector, depth);
    return fuseHybrid(
      lexical,
      semantic,
      byCode,
      this.embedder.name.startsWith('hashing')
        ? STORED_VECTOR_WEIGHT.hashing
        : STORED_VECTOR_WEIGHT.model,
    );
  }
}
