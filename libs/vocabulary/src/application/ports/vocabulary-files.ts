export abstract class VocabularyFiles {
  /** The Athena file of a table in a download folder (any case, .csv/.txt, optionally gzipped), or null. */
  abstract findTableFile(directory: string, tableFile: string): Promise<string | null>;
  /** Size in bytes of the text the file holds, or null when it is compressed. */
  abstract byteSize(path: string): Promise<number | null>;
  /** The file's text as read (decompressed), in chunks of about a megabyte. */
  abstract bytes(path: string): AsyncIterable<Uint8Array>;
  abstract lines(path: string): AsyncIterable<string>;
  abstract csvRecords(path: string): AsyncIterable<Record<string, string>>;
}
