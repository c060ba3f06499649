import { Command } from '@nestjs/cqrs';

/**
 * Reconciles every system still `processing` with its embedding job: a system whose job
 * is gone is enqueued again (idempotent by job id); one whose job gave up (and whose
 * failure hook could not run, the database being down then) is marked failed with the
 * job's reason. Returns how many were re-enqueued.
 */
export class ResumeEmbeddingsCommand extends Command<number> {}
