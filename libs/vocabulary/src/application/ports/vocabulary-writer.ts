import type { Row } from '../../domain/athena-row.js';
import type { VocabularyTable } from '../../domain/athena-tables.js';
import type { PublisherCode, PublisherVocabulary } from '../../domain/publisher-files.js';

export abstract class VocabularyWriter {
  /** Inserts or updates rows by the table's key: re-running an import never duplicates. */
  abstract upsert(table: VocabularyTable, rows: Row[]): Promise<void>;
  /** Adds publisher codes as concepts (new local ids) or refreshes local ones; Athena's own concepts are kept. */
  abstract upsertPublisherCodes(
    vocabulary: PublisherVocabulary,
    codes: PublisherCode[],
  ): Promise<void>;
  abstract setVocabularyVersion(vocabulary: PublisherVocabulary, version: string): Promise<void>;
}
