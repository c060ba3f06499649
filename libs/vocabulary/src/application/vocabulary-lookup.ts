import { Inject, Injectable } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import type { AncestorLink, Concept, RelatedConcept } from '../domain/concept.js';
import {
  hl7ConceptId,
  systemForVocabularyId,
  vocabularyIdForSystem,
} from '../domain/fhir-systems.js';
import { LruCache } from '../domain/lru-cache.js';
import { ConceptReader } from './ports/concept-reader.js';
import { VocabularyImportedEvent } from './events/vocabulary-imported.event.js';

export const VOCABULARY_CACHE_SIZE = Symbol('VOCABULARY_CACHE_SIZE');

interface PromiseCache<K, V> {
  get(key: K): Promise<V> | undefined;
  set(key: K, value: Promise<V>): void;
  delete(key: K): unknown;
}

/** One lookup per key while it is cached; a failed one is forgotten, so the next call asks again. */
function pendingOnce<K, V>(cache: PromiseCache<K, V>, key: K, load: () => Promise<V>): Promise<V> {
  let pending = cache.get(key);
  if (!pending) {
    pending = load();
    cache.set(key, pending);
    void pending.catch(() => cache.delete(key));
  }
  return pending;
}

/**
 * The vocabulary as other modules use it (fhir2omop, lang2fhir): system URIs, codes,
 * standard targets, domains, ancestors. Hot lookups come from bounded in-memory caches,
 * so mapping a bundle does not hit the database once per code.
 */
@Injectable()
export class VocabularyLookup {
  private readonly concepts: LruCache<number, Concept | null>;
  private readonly codes: LruCache<string, Concept[]>;
  private readonly targets: LruCache<number, Concept[]>;
  private readonly ancestorLinks: LruCache<number, Promise<AncestorLink[]>>;
  // A handful of vocabularies: asked once per vocabulary until the next import.
  private readonly versions = new Map<string, Promise<string | null>>();

  constructor(
    private readonly reader: ConceptReader,
    @Inject(VOCABULARY_CACHE_SIZE) capacity: number,
  ) {
    this.concepts = new LruCache(capacity);
    this.codes = new LruCache(capacity);
    this.targets = new LruCache(capacity);
    this.ancestorLinks = new LruCache(capacity);
  }

  vocabularyIdForSystem(systemUri: string): string | undefined {
    return vocabularyIdForSystem(systemUri);
  }

  systemForVocabularyId(vocabularyId: string): string | undefined {
    return systemForVocabularyId(vocabularyId);
  }

  /** OMOP concept id fixed by convention for HL7 codes (gender, race, ethnicity, encounter class). */
  hl7ConceptId(systemUri: string, code: string): number | undefined {
    return hl7ConceptId(systemUri, code);
  }

  async concept(conceptId: number): Promise<Concept | null> {
    if (this.concepts.has(conceptId)) return this.concepts.get(conceptId)!;
    const concept = await this.reader.byId(conceptId);
    this.concepts.set(conceptId, concept);
    return concept;
  }

  /** Concepts of a vocabulary with that code; several when a code was reused across releases. */
  async conceptsByCode(vocabularyId: string, code: string): Promise<Concept[]> {
    const key = `${vocabularyId}|${code}`;
    const cached = this.codes.get(key);
    if (cached) return cached;
    const found = await this.reader.byCode(vocabularyId, code);
    this.codes.set(key, found);
    for (const concept of found) this.concepts.set(concept.conceptId, concept);
    return found;
  }

  async standardTargets(conceptId: number): Promise<Concept[]> {
    const cached = this.targets.get(conceptId);
    if (cached) return cached;
    const found = await this.reader.mapsTo(conceptId);
    this.targets.set(conceptId, found);
    return found;
  }

  async domainOf(conceptId: number): Promise<string | undefined> {
    return (await this.concept(conceptId))?.domainId;
  }

  /** Valid relationships to valid concepts; not cached (crosswalks are one call each). */
  relationships(conceptId: number): Promise<RelatedConcept[]> {
    return this.reader.relationships(conceptId);
  }

  /** Cached as the promise: a bulk load asks the same concept's ancestors from many resources at once. */
  ancestors(conceptId: number): Promise<AncestorLink[]> {
    return pendingOnce(this.ancestorLinks, conceptId, () => this.reader.ancestors(conceptId));
  }

  /** The concepts a class holds: valid descendants in CONCEPT_ANCESTOR, nearest first. */
  descendants(conceptId: number, limit: number): Promise<Concept[]> {
    return this.reader.descendants(conceptId, limit);
  }

  vocabularyVersion(vocabularyId: string): Promise<string | null> {
    return pendingOnce(this.versions, vocabularyId, () =>
      this.reader.vocabularyVersion(vocabularyId),
    );
  }

  forget(): void {
    this.concepts.clear();
    this.codes.clear();
    this.targets.clear();
    this.ancestorLinks.clear();
    this.versions.clear();
  }
}

@EventsHandler(VocabularyImportedEvent)
export class ForgetCachedConceptsOnImport implements IEventHandler<VocabularyImportedEvent> {
  constructor(private readonly lookup: VocabularyLookup) {}

  handle(): void {
    this.lookup.forget();
  }
}
