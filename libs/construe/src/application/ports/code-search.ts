import type { ExtractedCode } from '../queries/extract-codes/extract-codes.query.js';
import type { SearchResult } from '../queries/search-text/search-text.query.js';

/**
 * Searching the code systems for other libraries (the agents' tools), as the construe
 * endpoints do. `system` is a builtin or custom system name; `version` picks one of its
 * versions; `accountId` is the caller's account (custom systems are per account). The errors are those of the endpoints (unknown system: 404).
 */
export abstract class CodeSearch {
  /** By words or a code prefix, typo tolerant. */
  abstract searchText(
    accountId: string,
    system: string,
    text: string,
    limit: number,
    version?: string,
  ): Promise<SearchResult>;
  /** The codes nearest in meaning to a phrase (embeddings). */
  abstract searchSemantic(
    accountId: string,
    system: string,
    text: string,
    limit: number,
    version?: string,
  ): Promise<SearchResult>;
  /** The codes named in a text, with their character offsets. */
  abstract extract(
    accountId: string,
    text: string,
    system: string,
    version?: string,
  ): Promise<{ system: { name: string; version: string }; codes: ExtractedCode[] }>;
}
