import type { AncestorLink, Concept, RelatedConcept } from '../../domain/concept.js';
import type { ConceptLinkRow, NamedConcept } from '../../domain/name-index/concept-name-index.js';

export abstract class ConceptReader {
  abstract byId(conceptId: number): Promise<Concept | null>;
  abstract byCode(vocabularyId: string, code: string): Promise<Concept[]>;
  /** Valid `Maps to` targets (relationship and target both valid). */
  abstract mapsTo(conceptId: number): Promise<Concept[]>;
  /**
   * Every valid relationship of a concept to a valid concept (Maps to, Mapped from, and the
   * rest); a `Maps to` row pointing at it counts as `Mapped from` even without the reverse row.
   */
  abstract relationships(conceptId: number): Promise<RelatedConcept[]>;
  abstract ancestors(conceptId: number): Promise<AncestorLink[]>;
  /** Valid concepts below this one in CONCEPT_ANCESTOR (itself excluded), nearest first, at most `limit`. */
  abstract descendants(conceptId: number, limit: number): Promise<Concept[]>;
  abstract vocabularyVersion(vocabularyId: string): Promise<string | null>;
  /** Every valid concept of these vocabularies, for the in-memory name index. */
  abstract namedConcepts(vocabularyIds: string[]): Promise<NamedConcept[]>;
  /** Valid relationships of these kinds between concepts of one vocabulary. */
  abstract links(vocabularyId: string, relationshipIds: string[]): Promise<ConceptLinkRow[]>;
  /** Changes whenever concepts are imported (vocabulary versions and concept count). */
  abstract contentSignature(): Promise<string>;
}
