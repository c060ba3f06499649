import type { SearchCoding } from '../../domain/search/build-search.js';

/**
 * The codes a coded concept stands for in a search: the concept, its standard equivalents
 * (`Maps to`) and every concept under them in the loaded hierarchy (CONCEPT_ANCESTOR), so a
 * class ("diabetes mellitus") finds resources coded with its members.
 */
export abstract class ConceptClasses {
  /** The codings and their members, each with its system URI; at most `limit` in all. */
  abstract expand(codings: readonly SearchCoding[], limit: number): Promise<SearchCoding[]>;
}
