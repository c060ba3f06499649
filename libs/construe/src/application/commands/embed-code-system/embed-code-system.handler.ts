import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { performance } from 'node:perf_hooks';
import { AppConfig, JobInterruptedError } from '@app/shared';
import { CodeSearchStore } from '../../ports/code-search.store.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { EmbeddingStore } from '../../ports/embedding.store.js';
import { Embedder } from '../../ports/embedder.js';
import { EmbedCodeSystemCommand } from './embed-code-system.command.js';

// In the embedded profile each write runs on the main thread (PGlite), and the HNSW index
// makes a vector cost from 1.5 ms to over 20 ms on a busy machine: there the batch follows
// the measured time of the last write, so that one write holds the thread about this long.
// PostgreSQL writes in its own process: the server profile keeps full batches.
const TARGET_WRITE_MS = 15;
const FIRST_BATCH = 8;
const MAX_BATCH = 64;
/** The codes after the last batch that the next one is looked for in. */
const WINDOW = 8 * MAX_BATCH;

/** The next batch size, so that a write takes about TARGET_WRITE_MS (from 1 to MAX_BATCH). */
function nextBatch(size: number, elapsedMs: number): number {
  const scaled = Math.floor((size * TARGET_WRITE_MS) / Math.max(elapsedMs, 1));
  return Math.min(MAX_BATCH, Math.max(1, Math.min(scaled, size * 2)));
}

/**
 * Resumable: it only embeds codes that have no vector yet, so a retry after a crash
 * continues where the last attempt stopped and never stores a code twice. A failure
 * propagates: the job port retries, and marks the system failed once it gives up.
 */
@CommandHandler(EmbedCodeSystemCommand)
export class EmbedCodeSystemHandler implements ICommandHandler<EmbedCodeSystemCommand> {
  private readonly logger = new Logger('Construe');

  private readonly paced: boolean;

  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly embeddings: EmbeddingStore,
    private readonly search: CodeSearchStore,
    private readonly embedder: Embedder,
    @Inject(AppConfig) config: AppConfig,
  ) {
    this.paced = config.profile === 'embedded';
  }

  async execute({ systemId, signal }: EmbedCodeSystemCommand): Promise<void> {
    const system = await this.systems.findById(systemId);
    if (!system || system.status !== 'processing') return;
    if (this.embedder.learnsFromVocabulary) {
      // Nothing to store per code: the searching process learns the system's vectors from
      // its codes (CodeVectorIndexes).
      await this.systems.setStatus(systemId, 'ready');
      return;
    }
    let afterSeq = 0;
    let size = this.paced ? FIRST_BATCH : MAX_BATCH;
    for (;;) {
      // A short range first; the open-ended walk only past a range with nothing to embed
      // (a resumed job) and at the end.
      let batch = await this.embeddings.nextUnembedded(systemId, afterSeq, size, afterSeq + WINDOW);
      if (batch.length === 0)
        batch = await this.embeddings.nextUnembedded(systemId, afterSeq, size);
      if (batch.length === 0) break;
      // Shutting down: stop between batches; the job is handed back (server) or resumed at
      // the next start (embedded), and continues after the last stored batch.
      if (signal?.aborted) throw new JobInterruptedError('construe.embed-code-system');
      const texts = batch.map((code) =>
        code.definition ? `${code.description}. ${code.definition}` : code.description,
      );
      const vectors = await this.embedder.embed(texts);
      const started = performance.now();
      await this.embeddings.saveEmbeddings(
        systemId,
        batch.map((code, index) => ({ seq: code.seq, vector: vectors[index] })),
      );
      if (this.paced) size = nextBatch(batch.length, performance.now() - started);
      afterSeq = batch[batch.length - 1].seq;
    }
    // Every embedded row was rewritten: the search indexes have a pending list to merge.
    await this.search.optimizeSearch();
    await this.systems.setStatus(systemId, 'ready');
    this.logger.log(
      `Code system ${system.name} ${system.version} embedded with ${this.embedder.name}`,
    );
  }
}
