/**
 * Crosswalk over the OMOP vocabulary: the source concept goes through its `Maps to` rows to
 * standard concepts, and back out through their `Mapped from` rows to the concepts of each
 * target vocabulary; direct relationships of the source to a target vocabulary count too.
 * The OMOP standard concept plays the part a UMLS CUI plays in the public document.
 */
export interface VocabularyConcept {
  conceptId: number;
  conceptName: string;
  vocabularyId: string;
  standardConcept: 'S' | 'C' | null;
  conceptCode: string;
}

export interface ConceptLink {
  relationshipId: string;
  concept: VocabularyConcept;
}

export interface CrosswalkMatch {
  code: string;
  display: string;
  /** The OMOP concept id linking source and target (the standard concept, or the source). */
  cui: string;
}

export interface CrosswalkTarget {
  system: string;
  matches: CrosswalkMatch[];
  reason_code?: string;
}

/** A requested target: its URI and the OMOP vocabulary holding it (undefined when none does). */
export interface TargetSystem {
  uri: string;
  vocabularyId: string | undefined;
}

export const NO_SOURCE_CONCEPT = 'NO_SOURCE_CUI';
export const NO_TARGET_MATCHES = 'NO_TARGET_MATCHES';
export const UNSUPPORTED_TARGET_SYSTEM = 'UNSUPPORTED_TARGET_SYSTEM';

const MAPS_TO = 'Maps to';
const MAPPED_FROM = 'Mapped from';

/** The standard concepts a source stands for: itself when standard, else its `Maps to` targets. */
export function standardConceptsOf(
  source: VocabularyConcept,
  links: readonly ConceptLink[],
): VocabularyConcept[] {
  if (source.standardConcept === 'S') return [source];
  return links
    .filter((link) => link.relationshipId === MAPS_TO && link.concept.standardConcept === 'S')
    .map((link) => link.concept);
}

export function crosswalkTargets(
  source: VocabularyConcept,
  sourceLinks: readonly ConceptLink[],
  standards: readonly { concept: VocabularyConcept; links: readonly ConceptLink[] }[],
  targets: readonly TargetSystem[],
): CrosswalkTarget[] {
  return targets.map(({ uri, vocabularyId }) => {
    if (!vocabularyId) return { system: uri, matches: [], reason_code: UNSUPPORTED_TARGET_SYSTEM };
    const found = new Map<string, CrosswalkMatch>();
    const add = (concept: VocabularyConcept, via: VocabularyConcept) => {
      if (concept.vocabularyId !== vocabularyId || concept.conceptId === source.conceptId) return;
      if (found.has(concept.conceptCode)) return;
      found.set(concept.conceptCode, {
        code: concept.conceptCode,
        display: concept.conceptName,
        cui: String(via.conceptId),
      });
    };
    for (const standard of standards) {
      add(standard.concept, standard.concept);
      for (const link of standard.links) {
        if (link.relationshipId === MAPPED_FROM) add(link.concept, standard.concept);
      }
    }
    for (const link of sourceLinks) {
      if (link.relationshipId !== MAPS_TO && link.relationshipId !== MAPPED_FROM) {
        add(link.concept, source);
      }
    }
    const matches = [...found.values()];
    return matches.length > 0
      ? { system: uri, matches }
      : { system: uri, matches, reason_code: NO_TARGET_MATCHES };
  });
}
