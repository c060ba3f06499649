import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { JobQueue } from '@app/shared';
import { EmbedCodeSystemJob, embedJobId } from '../../embed-code-system.job.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { ResumeEmbeddingsCommand } from './resume-embeddings.command.js';

@CommandHandler(ResumeEmbeddingsCommand)
export class ResumeEmbeddingsHandler implements ICommandHandler<ResumeEmbeddingsCommand> {
  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly jobs: JobQueue,
    private readonly embedJob: EmbedCodeSystemJob,
  ) {}

  async execute(): Promise<number> {
    const pending = await this.systems.listProcessing();
    for (const system of pending)
      await this.jobs.enqueue(
        this.embedJob,
        { systemId: system.id },
        { jobId: embedJobId(system.id) },
      );
    return pending.length;
  }
}
