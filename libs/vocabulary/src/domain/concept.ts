export interface Concept {
  conceptId: number;
  conceptName: string;
  domainId: string;
  vocabularyId: string;
  conceptClassId: string;
  standardConcept: 'S' | 'C' | null;
  conceptCode: string;
  invalidReason: string | null;
}

export interface AncestorLink {
  ancestorConceptId: number;
  minLevels: number;
  maxLevels: number;
}

/** A concept reached from another through one CONCEPT_RELATIONSHIP row. */
export interface RelatedConcept {
  relationshipId: string;
  concept: Concept;
}
