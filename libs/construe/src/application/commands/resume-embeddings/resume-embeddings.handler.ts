import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { JobQueue } from '@app/shared';
import { EmbedCodeSystemJob, embedJobId } from '../../embed-code-system.job.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { ResumeEmbeddingsCommand } from './resume-embeddings.command.js';

@CommandHandler(ResumeEmbeddingsCommand)
export class ResumeEmbeddingsHandler implements ICommandHandler<ResumeEmbeddingsCommand> {
  private readonly logger = new Logger('Construe');

  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly jobs: JobQueue,
    private readonly embedJob: EmbedCodeSystemJob,
  ) {}

  async execute(): Promise<number> {
    let enqueued = 0;
    for (const system of await this.systems.listProcessing()) {
      const jobId = embedJobId(system.id);
      const job = await this.jobs.state(jobId);
      if (job.state === 'live') continue;
      if (job.state === 'missing') {
        await this.jobs.enqueue(this.embedJob, { systemId: system.id }, { jobId });
        enqueued += 1;
        continue;
      }
      // The job finished but the system did not follow: it gave up while the database was
      // down (its failure hook failed too), or it completed and the status moved since.
      const reason =
        job.state === 'failed' ? job.reason : 'the embedding job ended without finishing';
      const current = await this.systems.findById(system.id);
      if (current?.status !== 'processing') continue;
      await this.systems.setStatus(system.id, 'failed', `Embedding failed: ${reason}`);
      this.logger.warn(`Code system ${system.name} ${system.version} marked failed: ${reason}`);
    }
    return enqueued;
  }
}
