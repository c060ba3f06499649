import { Injectable } from '@nestjs/common';
import { Embedder } from '../../application/ports/embedder.js';
import { embedText } from '../../domain/hashing-embedder.js';

@Injectable()
export class HashingEmbedder extends Embedder {
  readonly name = 'hashing-ngrams-256';

  embed(texts: string[]): Promise<number[][]> {
    return Promise.resolve(texts.map((text) => embedText(text)));
  }
}
