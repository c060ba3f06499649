import type { ClinicalAnalysis, TextSpan } from '@app/clinical-nlp';
import type { ConceptLinks } from './concept-links.js';
import type { ElementDerivation } from './derivation.js';
import type { Encounter, Patient, Reference, Resource } from './fhir.js';

/** Who the built resources are about, and where that came from. */
export interface SubjectReference {
  reference: Reference<Patient>;
  span?: TextSpan;
  method: string;
}

/** Everything a builder needs: the analysed text, the codes found for it, and the context. */
export interface BuildInput {
  analysis: ClinicalAnalysis;
  links: ConceptLinks;
  /** ISO 8601 date-time (with offset) for elements that need a time the text does not give. */
  now: string;
  /** A new UUID: generated identifiers and transaction fullUrls. */
  newId: () => string;
  subject: SubjectReference;
  encounter?: Reference<Encounter>;
}

export interface Built<R extends Resource = Resource> {
  resource: R;
  derivations: ElementDerivation[];
  /** One line for people: what was built, from what. */
  description: string;
}

/** A builder answers null when the text holds nothing it can build its resource from. */
export type Builder = (input: BuildInput) => Built | null;
