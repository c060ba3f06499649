import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { JobInterruptedError } from '@app/shared';
import { CodeSearchStore } from '../../ports/code-search.store.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { EmbeddingStore } from '../../ports/embedding.store.js';
import { Embedder } from '../../ports/embedder.js';
import { EmbedCodeSystemCommand } from './embed-code-system.command.js';

// Small batches: in the embedded profile each write runs on the main thread (PGlite),
// and the HNSW index makes it cost about 1.5 ms per vector.
const BATCH = 64;

/**
 * Resumable: it only embeds codes that have no vector yet, so a retry after a crash
 * continues where the last attempt stopped and never stores a code twice. A failure
 * propagates: the job port retries, and marks the system failed once it gives up.
 */
@CommandHandler(EmbedCodeSystemCommand)
export class EmbedCodeSystemHandler implements ICommandHandler<EmbedCodeSystemCommand> {
  private readonly logger = new Logger('Construe');

  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly embeddings: EmbeddingStore,
    private readonly search: CodeSearchStore,
    private readonly embedder: Embedder,
  ) {}

  async execute({ systemId, signal }: EmbedCodeSystemCommand): Promise<void> {
    const system = await this.systems.findById(systemId);
    if (!system || system.status !== 'processing') return;
    let afterSeq = 0;
    for (;;) {
      const batch = await this.embeddings.nextUnembedded(systemId, afterSeq, BATCH);
      if (batch.length === 0) break;
      // Shutting down: stop between batches; the job is handed back (server) or resumed at
      // the next start (embedded), and continues after the last stored batch.
      if (signal?.aborted) throw new JobInterruptedError('construe.embed-code-system');
      const texts = batch.map((code) =>
        code.definition ? `${code.description}. ${code.definition}` : code.description,
      );
      const vectors = await this.embedder.embed(texts);
      await this.embeddings.saveEmbeddings(
        systemId,
        batch.map((code, index) => ({ seq: code.seq, vector: vectors[index] })),
      );
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
