export abstract class Embedder {
  abstract readonly name: string;
  /** One vector of EMBEDDING_DIMENSIONS per text, in order. */
  abstract embed(texts: string[]): Promise<number[][]>;
}
