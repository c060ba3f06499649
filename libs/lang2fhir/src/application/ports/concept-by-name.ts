import type { SearchCoding } from '../../domain/search/build-search.js';

export interface NamedCoding extends SearchCoding {
  /** The concept's name has exactly the phrase's words (not only all of them). */
  exact: boolean;
  /** The concept's OMOP vocabulary and domain (Condition, Drug, Procedure, Measurement, …). */
  vocabularyId: string;
  domainId: string | undefined;
}

/** The concept of one of these OMOP vocabularies whose name holds every word of the phrase. */
export abstract class ConceptByName {
  abstract find(vocabularyIds: readonly string[], phrase: string): Promise<NamedCoding | undefined>;
}
