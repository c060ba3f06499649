/** An OMOP concept as the mapper needs it (same shape as @app/vocabulary's Concept). */
export interface OmopConcept {
  conceptId: number;
  conceptName: string;
  domainId: string;
  vocabularyId: string;
  conceptClassId: string;
  standardConcept: 'S' | 'C' | null;
  conceptCode: string;
  invalidReason: string | null;
}

/**
 * The vocabulary lookups the mapper depends on. @app/vocabulary's VocabularyLookup
 * satisfies it structurally; tests use an in-memory source over a handful of concepts.
 */
export interface ConceptSource {
  vocabularyIdForSystem(systemUri: string): string | undefined;
  /** Concepts of a vocabulary with that code, valid ones first. */
  conceptsByCode(vocabularyId: string, code: string): Promise<OmopConcept[]>;
  /** Valid standard targets of the concept's valid `Maps to` relationships. */
  standardTargets(conceptId: number): Promise<OmopConcept[]>;
  domainOf(conceptId: number): Promise<string | undefined>;
  concept(conceptId: number): Promise<OmopConcept | null>;
  /** The release of a vocabulary as imported, or null when it is not loaded. */
  vocabularyVersion?(vocabularyId: string): Promise<string | null>;
  /** Ancestors of a standard concept: lets the more specific of two codings win. */
  ancestors?(conceptId: number): Promise<{ ancestorConceptId: number }[]>;
}
