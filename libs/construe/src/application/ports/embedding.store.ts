import type { ListedCode } from './code-reader.js';

/** The embedding job's bookkeeping: which codes still lack a vector, and storing vectors. */
export abstract class EmbeddingStore {
  /** Codes after `afterSeq` (up to `throughSeq`, when given) that have no vector yet, in system order. */
  abstract nextUnembedded(
    systemId: string,
    afterSeq: number,
    limit: number,
    throughSeq?: number,
  ): Promise<ListedCode[]>;
  abstract saveEmbeddings(
    systemId: string,
    embeddings: { seq: number; vector: number[] }[],
  ): Promise<void>;
}
