import { Command } from '@nestjs/cqrs';

/**
 * Enqueue again every fix-up still pending (its job was lost with an embedded process
 * that stopped). Idempotent by job id; answers how many were enqueued.
 */
export class ResumeReferenceFixupsCommand extends Command<number> {}
