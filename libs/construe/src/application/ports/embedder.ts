export abstract class Embedder {
  abstract readonly name: string;
  /**
   * True when vectors are learned per code system from its own names and kept in memory
   * (see CodeVectorIndexes): nothing is stored per code and `embed` is not used.
   */
  readonly learnsFromVocabulary: boolean = false;
  /** One vector of EMBEDDING_DIMENSIONS per text, in order. */
  abstract embed(texts: string[]): Promise<number[][]>;
}
