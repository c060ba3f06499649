import type { SystemCode } from '../../domain/code-system.js';

export interface ScoredCode extends SystemCode {
  score: number;
}

/** A code with the text search reads besides its title. */
export interface SearchableCode extends SystemCode {
  synonyms: string[];
  context: string[];
}

/** What the searches read from the stored codes of one (already resolved) system. */
export abstract class CodeSearchStore {
  /** Codes whose key starts with `key`, the exact one first. */
  abstract searchCodePrefix(systemId: string, key: string, limit: number): Promise<ScoredCode[]>;
  /** The codes nearest to the vector, by cosine similarity. */
  abstract searchSemantic(systemId: string, vector: number[], limit: number): Promise<ScoredCode[]>;
  /** Codes whose description (lower case) is one of the phrases or whose key is one of the keys. */
  abstract findByDescriptions(
    systemId: string,
    phrases: string[],
    codeKeys: string[],
  ): Promise<(SystemCode & { key: string; codeKey: string })[]>;
  /** Every code of the system in system order, with its synonyms and context: what text search indexes. */
  abstract loadSearchDocuments(systemId: string): Promise<SearchableCode[]>;
  /** Brings search indexes and statistics up to date after a bulk write. */
  abstract optimizeSearch(): Promise<void>;
}
