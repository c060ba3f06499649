import type { VocabularyTable } from '../../domain/athena-tables.js';
import type { PublisherCode, PublisherVocabulary } from '../../domain/publisher-files.js';

/** The lines of an Athena file after its header, tab-delimited, as the file has them. */
export interface AthenaLines {
  /** The table columns each line gives, in order. */
  columns: string[];
  /** The lines, in chunks that may cut a line anywhere; each line ends in a line break. */
  chunks: AsyncIterable<Uint8Array>;
}

export interface LoadedTable {
  /** For the concept table: the vocabularies its loaded rows belong to. */
  vocabularyIds: string[];
  /** Whether any row was inserted or updated (false: the same file loaded again). */
  changed: boolean;
}

export abstract class VocabularyWriter {
  /**
   * Loads a whole file in one transaction, inserting or updating by the table's key:
   * re-running an import never duplicates. Pulls chunks as fast as the database takes them;
   * an error thrown by `chunks` rolls the table back, and a row the database refuses throws
   * an `AthenaFormatError` naming its line (counted from the first line after the header).
   */
  abstract load(table: VocabularyTable, lines: AthenaLines): Promise<LoadedTable>;
  /** Adds publisher codes as concepts (new local ids) or refreshes local ones; Athena's own concepts are kept. */
  abstract upsertPublisherCodes(
    vocabulary: PublisherVocabulary,
    codes: PublisherCode[],
  ): Promise<void>;
  /** Fresh planner statistics for the concepts after publisher codes were written. */
  abstract analyzePublisherCodes(): Promise<void>;
  abstract setVocabularyVersion(vocabulary: PublisherVocabulary, version: string): Promise<void>;
}
