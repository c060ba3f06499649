import { Injectable } from '@nestjs/common';
import { Embedder } from '../../application/ports/embedder.js';

/**
 * The default offline embedder: word vectors learned from each code system's own titles,
 * synonyms and hierarchy (domain/semantic). They are learned in the process that searches,
 * from the same documents as the text index, so no vector is stored per code.
 */
@Injectable()
export class VocabularyEmbedder extends Embedder {
  readonly name = 'vocabulary-ppmi-svd';
  override readonly learnsFromVocabulary = true;

  embed(): Promise<number[][]> {
    return Promise.reject(
      new Error('vocabulary-trained vectors are learned per code system, not embedded per text'),
    );
  }
}
