import { Injectable, Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { ConceptNameIndex, type NameHit } from '../domain/name-index/concept-name-index.js';
import { VocabularyImportedEvent } from './events/vocabulary-imported.event.js';
import { ConceptReader } from './ports/concept-reader.js';

/** The vocabularies whose names text linking searches. */
export const NAMED_VOCABULARIES = ['SNOMED', 'ICD10CM', 'RxNorm', 'LOINC', 'CVX', 'CPT4', 'HCPCS'];
/** RxNorm relationships from a brand towards its ingredients. */
const RXNORM_LINKS = [
  'Tradename of',
  'Consists of',
  'RxNorm has ing',
  'Has brand name',
  'Contains',
];
/** How often the database is asked whether another process imported concepts. */
const SIGNATURE_CHECK_MS = 15_000;

/**
 * The loaded vocabulary's names held in memory (built on first use or `warm()`, and again after each import), so
 * that linking a sentence's words costs no database round trip. Another process's import
 * (the CLI) is noticed through the vocabulary's content signature, checked in the background
 * at most every 15 s.
 */
@Injectable()
export class ConceptNameSearch {
  private readonly logger = new Logger(ConceptNameSearch.name);
  private current: Promise<{ index: ConceptNameIndex; signature: string }> | undefined;
  private checkedAt = 0;

  constructor(private readonly reader: ConceptReader) {}

  /** Builds the index in the background, so that the first sentence need not wait for it. */
  warm(): void {
    void this.index().catch(() => undefined);
  }

  async search(vocabularyId: string, phrase: string, limit: number): Promise<NameHit[]> {
    return (await this.index()).search(vocabularyId, phrase, limit);
  }

  async respell(vocabularyId: string, phrase: string): Promise<string> {
    return (await this.index()).respell(vocabularyId, phrase);
  }

  async brandIngredients(name: string): Promise<string[]> {
    return (await this.index()).brandIngredients(name);
  }

  async drugNamesIn(text: string): Promise<{ start: number; end: number; text: string }[]> {
    return (await this.index()).drugNamesIn(text);
  }

  /** Rebuilt on the next use. */
  forget(): void {
    this.current = undefined;
  }

  async index(): Promise<ConceptNameIndex> {
    const now = Date.now();
    if (this.current && now - this.checkedAt > SIGNATURE_CHECK_MS) {
      this.checkedAt = now;
      // Checked and rebuilt in the background: sentences keep the index held until then.
      void this.refreshIfChanged(this.current);
    }
    if (!this.current) {
      this.checkedAt = now;
      const building = this.build();
      this.current = building;
      building.catch(() => {
        if (this.current === building) this.current = undefined;
      });
    }
    return (await this.current).index;
  }

  private async refreshIfChanged(
    held: Promise<{ index: ConceptNameIndex; signature: string }>,
  ): Promise<void> {
    try {
      const { signature } = await held;
      if ((await this.reader.contentSignature()) === signature) return;
      const rebuilt = this.build();
      await rebuilt;
      if (this.current === held) this.current = rebuilt;
    } catch {
      // The index held stays in use; the next check tries again.
    }
  }

  private async build(): Promise<{ index: ConceptNameIndex; signature: string }> {
    const started = Date.now();
    try {
      const signature = await this.reader.contentSignature();
      const [concepts, links] = await Promise.all([
        this.reader.namedConcepts(NAMED_VOCABULARIES),
        this.reader.links('RxNorm', RXNORM_LINKS),
      ]);
      const index = ConceptNameIndex.build(concepts, links);
      this.logger.log(`name index: ${index.size} concepts in ${Date.now() - started} ms`);
      return { index, signature };
    } catch (error) {
      // No vocabulary schema yet (before migrations): an empty index, looked at again later.
      this.logger.warn(`name index not built: ${(error as Error).message}`);
      this.checkedAt = 0;
      return { index: ConceptNameIndex.build([], []), signature: '' };
    }
  }
}

@EventsHandler(VocabularyImportedEvent)
export class RebuildNameIndexOnImport implements IEventHandler<VocabularyImportedEvent> {
  constructor(private readonly names: ConceptNameSearch) {}

  handle(): void {
    this.names.forget();
  }
}
