import type { Row } from '../../domain/athena-row.js';
import type { VocabularyTable } from '../../domain/athena-tables.js';
import type { PublisherCode, PublisherVocabulary } from '../../domain/publisher-files.js';

export abstract class VocabularyWriter {
  /**
   * Loads a whole table's rows in one transaction, inserting or updating by the table's key:
   * re-running an import never duplicates. Pulls rows as fast as the database takes them;
   * an error thrown by `rows` rolls the table back.
   */
  abstract load(table: VocabularyTable, rows: AsyncIterable<Row>): Promise<void>;
  /** Adds publisher codes as concepts (new local ids) or refreshes local ones; Athena's own concepts are kept. */
  abstract upsertPublisherCodes(
    vocabulary: PublisherVocabulary,
    codes: PublisherCode[],
  ): Promise<void>;
  abstract setVocabularyVersion(vocabulary: PublisherVocabulary, version: string): Promise<void>;
}
