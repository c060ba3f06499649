import type { AncestorLink, Concept } from '../../domain/concept.js';

export abstract class ConceptReader {
  abstract byId(conceptId: number): Promise<Concept | null>;
  abstract byCode(vocabularyId: string, code: string): Promise<Concept[]>;
  /** Valid `Maps to` targets (relationship and target both valid). */
  abstract mapsTo(conceptId: number): Promise<Concept[]>;
  abstract ancestors(conceptId: number): Promise<AncestorLink[]>;
  abstract vocabularyVersion(vocabularyId: string): Promise<string | null>;
}
