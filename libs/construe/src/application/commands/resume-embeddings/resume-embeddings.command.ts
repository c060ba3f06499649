import { Command } from '@nestjs/cqrs';

/** Re-enqueues the embedding of every system still processing (idempotent by job id). */
export class ResumeEmbeddingsCommand extends Command<number> {}
