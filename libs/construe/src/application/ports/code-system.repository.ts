import type { CodeSystem, CodeSystemStatus, SystemCode } from '../../domain/code-system.js';

export interface NewCodeSystem {
  id: string;
  accountId: string;
  name: string;
  version: string;
  revision: number | null;
}

export interface ListedCode extends SystemCode {
  seq: number;
}

export interface ScoredCode extends SystemCode {
  score: number;
}

/** A code with the text search reads besides its title. */
export interface SearchableCode extends SystemCode {
  synonyms: string[];
  context: string[];
}

export abstract class CodeSystemRepository {
  /** Builtin systems plus the caller's custom ones with that name. */
  abstract findVisible(name: string): Promise<CodeSystem[]>;
  abstract listVisible(): Promise<CodeSystem[]>;
  abstract listCodes(systemId: string, afterSeq: number, limit: number): Promise<ListedCode[]>;
  abstract findCode(systemId: string, codeKey: string): Promise<SystemCode | null>;
  /** Codes whose key starts with `key`, the exact one first. */
  abstract searchCodePrefix(systemId: string, key: string, limit: number): Promise<ScoredCode[]>;
  /** Every code of the system in system order, with its synonyms and context: what text search indexes. */
  abstract loadSearchDocuments(systemId: string): Promise<SearchableCode[]>;
  abstract searchSemantic(systemId: string, vector: number[], limit: number): Promise<ScoredCode[]>;
  abstract findByDescriptions(
    systemId: string,
    phrases: string[],
    codeKeys: string[],
  ): Promise<(SystemCode & { key: string; codeKey: string })[]>;

  // Unscoped: used by jobs and the CLI, which act for no particular caller.
  abstract findById(systemId: string): Promise<CodeSystem | null>;
  abstract setStatus(systemId: string, status: CodeSystemStatus, error?: string): Promise<void>;
  /** Codes after `afterSeq` (up to `throughSeq`, when given) that have no vector yet, in system order. */
  abstract nextUnembedded(
    systemId: string,
    afterSeq: number,
    limit: number,
    throughSeq?: number,
  ): Promise<ListedCode[]>;
  abstract saveEmbeddings(
    systemId: string,
    embeddings: { seq: number; vector: number[] }[],
  ): Promise<void>;
  abstract listProcessing(): Promise<CodeSystem[]>;
  abstract listBuiltin(): Promise<CodeSystem[]>;
  /** Brings search indexes and statistics up to date after a bulk write. */
  abstract optimizeSearch(): Promise<void>;
  /** Rebuilds a builtin system from the vocabulary; returns it (status processing), or null when the vocabulary holds nothing. */
  abstract materializeBuiltin(name: string, vocabularyId: string): Promise<CodeSystem | null>;
}
