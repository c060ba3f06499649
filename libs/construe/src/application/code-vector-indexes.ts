import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { workPacer } from '@app/shared';
import { CodeVectors, type VectorHit } from '../domain/semantic/nearest-codes.js';
import { VocabularyEmbedding } from '../domain/semantic/vocabulary-embedding.js';
import type { SystemCode } from '../domain/code-system.js';
import { BuiltinSystemStore } from './ports/builtin-system.store.js';
import type { ScoredCode } from './ports/code-search.store.js';
import { RecentlyUsed } from './recently-used.js';
import { SearchDocuments } from './search-documents.js';
import { Embedder } from './ports/embedder.js';

/** Systems whose vectors stay in memory; the least recently searched one goes first. */
const MAX_SYSTEMS = 6;
/** Longest stretch of learning between two turns of the event loop (the API keeps answering). */
const LEARNING_SLICE_MS = 15;

/** One code system's learned embedding and the vector of each of its codes. */
export class SystemVectors {
  private readonly docOfCode: Map<string, number>;

  constructor(
    private readonly embedding: VocabularyEmbedding,
    private readonly vectors: CodeVectors,
    private readonly rows: Float32Array,
    private readonly codes: readonly SystemCode[],
  ) {
    this.docOfCode = new Map(codes.map((code, doc) => [code.code, doc]));
  }

  embedQuery(text: string): Float32Array {
    return this.embedding.embedQuery(text);
  }

  /** The codes nearest to an embedded query, best first, scored by cosine. */
  nearest(query: Float32Array, limit: number): ScoredCode[] {
    return this.vectors
      .nearest(query, limit)
      .map(({ doc, score }: VectorHit) => ({ ...this.codes[doc], score }));
  }

  /** The cosine of a code of this system to an embedded query (0 for an unknown code). */
  cosine(query: Float32Array, code: string): number {
    const doc = this.docOfCode.get(code);
    if (doc === undefined) return 0;
    const dimensions = query.length;
    let dot = 0;
    for (let j = 0; j < dimensions; j++) dot += query[j] * this.rows[doc * dimensions + j];
    return dot;
  }
}

/**
 * The vocabulary-trained vectors of each searched code system: learned from the stored
 * codes' titles, synonyms and hierarchy on the first semantic search (at start for the
 * builtin systems) and kept in memory. As with the text index, a system's codes never
 * change under its id, so the id is the cache key and nothing needs storing.
 */
@Injectable()
export class CodeVectorIndexes implements OnApplicationBootstrap {
  private readonly logger = new Logger(CodeVectorIndexes.name);
  private readonly loaded = new RecentlyUsed<SystemVectors>(MAX_SYSTEMS);

  constructor(
    private readonly builtins: BuiltinSystemStore,
    private readonly documents: SearchDocuments,
    private readonly embedder: Embedder,
    private readonly http: HttpAdapterHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.serving() || !this.embedder.learnsFromVocabulary) return;
    for (const system of await this.builtins.listBuiltin())
      this.vectorsOf(system.id).catch((error: unknown) =>
        this.logger.warn(`vectors of code system ${system.id} not learned: ${String(error)}`),
      );
  }

  private serving(): boolean {
    return this.http?.httpAdapter !== undefined && this.http.httpAdapter !== null;
  }

  vectorsOf(systemId: string): Promise<SystemVectors> {
    return this.loaded.get(systemId, () => this.build(systemId));
  }

  private async build(systemId: string): Promise<SystemVectors> {
    const { rows, codes, structure, knowledge } = await this.documents.of(systemId);
    const documents = rows.map((row, doc) => ({
      title: row.description,
      synonyms: row.synonyms,
      context: row.context,
      knowledge: knowledge[doc],
    }));
    const pace = workPacer(undefined, LEARNING_SLICE_MS);
    const embedding = await VocabularyEmbedding.learn(documents, undefined, pace);
    const vectors = new Float32Array(documents.length * embedding.dimensions);
    for (let doc = 0; doc < documents.length; doc++) {
      await pace();
      vectors.set(embedding.embedDocument(documents[doc]), doc * embedding.dimensions);
    }
    this.logger.log(
      `code system ${systemId}: ${embedding.vocabularySize} word vectors learned, ${documents.length} codes embedded`,
    );
    return new SystemVectors(
      embedding,
      new CodeVectors(embedding.dimensions, vectors, structure.family),
      vectors,
      codes,
    );
  }
}
