import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { codeKey } from '../domain/builtin-systems.js';
import { codeCategory, type CodeStructure } from '../domain/text-search/code-families.js';
import { CodeSearchIndex, type RelatedWord } from '../domain/text-search/code-search-index.js';
import { buildCodeDefaults, type CodeDefaults } from '../domain/text-search/default-descendants.js';
import { icd10WordingOf } from '../domain/text-search/icd10-wording.js';
import { combiningFormRelated } from '../domain/text-search/combining-forms.js';
import { queryWithBorrowedSite, rankByBehavior } from '../domain/text-search/neoplasm-behavior.js';
import { withReferencedTitles } from '../domain/text-search/code-references.js';
import { candidateDepth, rerankByStructure } from '../domain/text-search/structure-rerank.js';
import type { SystemCode } from '../domain/code-system.js';
import { BuiltinSystemStore } from './ports/builtin-system.store.js';
import { LexicalKnowledgeSource } from './ports/lexical-knowledge.source.js';
import type { ScoredCode } from './ports/code-search.store.js';
import { RecentlyUsed } from './recently-used.js';
import { SearchDocuments } from './search-documents.js';

/** Systems whose index stays in memory; the least recently searched one goes first. */
const MAX_INDEXES = 6;

interface LoadedIndex {
  index: CodeSearchIndex;
  codes: SystemCode[];
  structure: CodeStructure;
  defaults: CodeDefaults;
  /** Whether most codes are ICD-10-shaped: their titles use ICD-10's wording. */
  icd10: boolean;
  /** Each code's position by its key (no dot, upper case). */
  byKey: ReadonlyMap<string, number>;
}

/**
 * The lexical index of each searched code system, built from the stored codes on the
 * first search and kept in memory. A system's codes never change under its id (a rebuilt
 * builtin system and a replaced upload get a new id), so the id is the cache key.
 */
@Injectable()
export class CodeSearchIndexes implements OnApplicationBootstrap {
  private readonly logger = new Logger(CodeSearchIndexes.name);
  private readonly loaded = new RecentlyUsed<LoadedIndex>(MAX_INDEXES);

  constructor(
    private readonly builtins: BuiltinSystemStore,
    private readonly documents: SearchDocuments,
    private readonly http: HttpAdapterHost,
    private readonly lexicon: LexicalKnowledgeSource,
  ) {}

  /** A serving API builds the builtin systems' indexes at start, not on the first search. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.serving()) return;
    for (const system of await this.builtins.listBuiltin()) this.warm(system.id);
  }

  /** Builds a system's index in the background when this process serves searches (not in the CLI or a worker). */
  warm(systemId: string): void {
    if (!this.serving()) return;
    this.indexOf(systemId).catch((error: unknown) =>
      this.logger.warn(`search index of code system ${systemId} not built: ${String(error)}`),
    );
  }

  private serving(): boolean {
    return this.http?.httpAdapter !== undefined && this.http.httpAdapter !== null;
  }

  async search(systemId: string, query: string, limit: number): Promise<ScoredCode[]> {
    const { index, codes, structure, defaults, icd10, byKey } = await this.indexOf(systemId);
    // A code named in an ICD-10 wording ("conditions in J45") stands for its title.
    const titleOfKey = (key: string) => {
      const doc = byKey.get(key);
      return doc === undefined ? undefined : codes[doc].description;
    };
    const typed = (icd10 && withReferencedTitles(query, titleOfKey)) || query;
    const wording = (icd10 && icd10WordingOf(typed)) || typed;
    const depth = candidateDepth(limit);
    const titleOf = (doc: number) => codes[doc].description;
    let lexical = index.search(wording, depth, await this.expansions(index, wording));
    // ICD-10's neoplasm behavior axis (other systems' titles are searched as they are).
    if (icd10) {
      const parentOf = (doc: number) => structure.parent[doc];
      const withSite = queryWithBorrowedSite(wording, lexical, titleOf, parentOf);
      if (withSite !== null) {
        lexical = index.search(withSite, depth, await this.expansions(index, withSite));
      }
      lexical = rankByBehavior(wording, lexical, titleOf);
    }
    const hits = rerankByStructure(
      lexical,
      wording,
      structure,
      (doc) => /\bunspecified\b/i.test(codes[doc].description),
      limit,
      defaults,
    );
    return hits.map(({ doc, score }) => ({
      ...codes[doc],
      score: Number(score.toFixed(4)),
    }));
  }

  /**
   * What the lexical database and the words' combining forms relate to the query's words that
   * few codes hold; without the database (unreadable files), only the combining forms, as with
   * `LEXICAL_KNOWLEDGE=none`.
   */
  private async expansions(
    index: CodeSearchIndex,
    query: string,
  ): Promise<ReadonlyMap<string, readonly RelatedWord[]> | undefined> {
    const words = index.wordsToExpand(query);
    if (words.length === 0) return undefined;
    let related: ReadonlyMap<string, readonly RelatedWord[]> = new Map();
    try {
      related = await this.lexicon.related(words);
    } catch (error: unknown) {
      this.logger.warn(`${this.lexicon.name} not read for a query: ${String(error)}`);
    }
    const merged = new Map(related);
    for (const word of words) {
      const forms = combiningFormRelated(word);
      if (forms.length > 0) merged.set(word, [...(merged.get(word) ?? []), ...forms]);
    }
    return merged;
  }

  private indexOf(systemId: string): Promise<LoadedIndex> {
    return this.loaded.get(systemId, () => this.build(systemId));
  }

  private async build(systemId: string): Promise<LoadedIndex> {
    const { rows, codes, structure, knowledge } = await this.documents.of(systemId);
    const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
    const categories = rows.map((row) => codeCategory(codeKey(row.code)));
    const index = await CodeSearchIndex.build(
      rows.map((row, doc) => ({
        title: row.description,
        synonyms: row.synonyms,
        context: row.context,
        group: categories[doc],
        knowledge: knowledge[doc],
      })),
      pause,
    );
    return {
      index,
      icd10: categories.filter((category) => category !== undefined).length * 2 > rows.length,
      structure,
      defaults: await buildCodeDefaults(
        rows.map((row) => row.description),
        structure.parent,
        pause,
      ),
      codes,
      byKey: new Map(rows.map((row, doc) => [codeKey(row.code), doc])),
    };
  }
}
