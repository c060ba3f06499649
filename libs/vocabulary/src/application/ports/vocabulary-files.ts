export abstract class VocabularyFiles {
  /** The Athena file of a table in a download folder (any case, .csv/.txt, optionally gzipped), or null. */
  abstract findTableFile(directory: string, tableFile: string): Promise<string | null>;
  abstract lines(path: string): AsyncIterable<string>;
  abstract csvRecords(path: string): AsyncIterable<Record<string, string>>;
}
