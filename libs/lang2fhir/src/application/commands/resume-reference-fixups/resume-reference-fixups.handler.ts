import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { JobQueue } from '@app/shared';
import { ReferenceFixupRepository } from '../../ports/reference-fixup.repository.js';
import { ReferenceFixupJob, fixupJobId } from '../../reference-fixup.job.js';
import { ResumeReferenceFixupsCommand } from './resume-reference-fixups.command.js';

@CommandHandler(ResumeReferenceFixupsCommand)
export class ResumeReferenceFixupsHandler implements ICommandHandler<ResumeReferenceFixupsCommand> {
  constructor(
    private readonly fixups: ReferenceFixupRepository,
    private readonly jobs: JobQueue,
    private readonly job: ReferenceFixupJob,
  ) {}

  async execute(): Promise<number> {
    const pending = await this.fixups.listPending();
    for (const fixup of pending)
      await this.jobs.enqueue(this.job, { fixupId: fixup.id }, { jobId: fixupJobId(fixup.id) });
    return pending.length;
  }
}
