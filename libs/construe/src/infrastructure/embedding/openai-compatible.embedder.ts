import { Embedder } from '../../application/ports/embedder.js';
import { EMBEDDING_DIMENSIONS } from '../../domain/hashing-embedder.js';

interface EmbeddingsResponse {
  data?: { index: number; embedding: number[] }[];
}

/** Any OpenAI-compatible `/v1/embeddings` endpoint, asked for vectors of our column's size. */
export class OpenAiCompatibleEmbedder extends Embedder {
  readonly name: string;

  constructor(
    private readonly url: string,
    private readonly model: string,
    private readonly apiKey: string | undefined,
  ) {
    super();
    this.name = `openai-compatible:${model}`;
  }

  async embed(texts: string[]): Promise<number[][]> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(this.apiKey ? { Authorization: `Bearer ${this.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: this.model, input: texts, dimensions: EMBEDDING_DIMENSIONS }),
      signal: AbortSignal.timeout(60_000),
    });
    if (!response.ok) throw new Error(`the embeddings endpoint answered ${response.status}`);
    const body = (await response.json()) as EmbeddingsResponse;
    const data = [...(body.data ?? [])].sort((a, b) => a.index - b.index);
    if (data.length !== texts.length)
      throw new Error(
        `the embeddings endpoint returned ${data.length} vectors for ${texts.length} texts`,
      );
    for (const item of data) {
      if (item.embedding.length !== EMBEDDING_DIMENSIONS) {
        throw new Error(
          `the embeddings endpoint returned ${item.embedding.length} dimensions; ${EMBEDDING_DIMENSIONS} are needed`,
        );
      }
    }
    return data.map((item) => item.embedding);
  }
}
