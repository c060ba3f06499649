import type { ConceptSource, OmopConcept } from './concept-source.js';
import { vocabularyIdForFhirSystem } from './fhir-system-vocabularies.js';

/**
 * A ConceptSource over concepts held in memory: unit tests use it with a handful of real
 * concepts, the benchmark with a whole Athena download read from disk.
 */
export class InMemoryConceptSource implements ConceptSource {
  private readonly byId = new Map<number, OmopConcept>();
  private readonly byCode = new Map<string, OmopConcept[]>();
  private readonly mapsTo = new Map<number, number[]>();
  private readonly ancestorsOf = new Map<number, number[]>();

  constructor(
    concepts: readonly OmopConcept[],
    mapsTo: readonly [from: number, to: number][] = [],
    private readonly versions: Readonly<Record<string, string>> = {},
    ancestors: readonly [ancestor: number, descendant: number][] = [],
  ) {
    for (const concept of concepts) {
      this.byId.set(concept.conceptId, concept);
      const key = `${concept.vocabularyId}|${concept.conceptCode}`;
      const list = this.byCode.get(key) ?? [];
      list.push(concept);
      list.sort(
        (a, b) =>
          Number(a.invalidReason !== null) - Number(b.invalidReason !== null) ||
          a.conceptId - b.conceptId,
      );
      this.byCode.set(key, list);
    }
    for (const [from, to] of mapsTo) this.mapsTo.set(from, [...(this.mapsTo.get(from) ?? []), to]);
    for (const [ancestor, descendant] of ancestors) {
      this.ancestorsOf.set(descendant, [...(this.ancestorsOf.get(descendant) ?? []), ancestor]);
    }
  }

  vocabularyIdForSystem(systemUri: string): string | undefined {
    return vocabularyIdForFhirSystem(systemUri);
  }

  conceptsByCode(vocabularyId: string, code: string): Promise<OmopConcept[]> {
    return Promise.resolve(this.byCode.get(`${vocabularyId}|${code}`) ?? []);
  }

  standardTargets(conceptId: number): Promise<OmopConcept[]> {
    const targets = (this.mapsTo.get(conceptId) ?? [])
      .map((id) => this.byId.get(id))
      .filter(
        (concept): concept is OmopConcept =>
          concept !== undefined && concept.invalidReason === null,
      )
      .sort((a, b) => a.conceptId - b.conceptId);
    return Promise.resolve(targets);
  }

  domainOf(conceptId: number): Promise<string | undefined> {
    return Promise.resolve(this.byId.get(conceptId)?.domainId);
  }

  concept(conceptId: number): Promise<OmopConcept | null> {
    return Promise.resolve(this.byId.get(conceptId) ?? null);
  }

  vocabularyVersion(vocabularyId: string): Promise<string | null> {
    return Promise.resolve(this.versions[vocabularyId] ?? null);
  }

  ancestors(conceptId: number): Promise<{ ancestorConceptId: number }[]> {
    return Promise.resolve(
      (this.ancestorsOf.get(conceptId) ?? []).map((ancestorConceptId) => ({ ancestorConceptId })),
    );
  }
}
