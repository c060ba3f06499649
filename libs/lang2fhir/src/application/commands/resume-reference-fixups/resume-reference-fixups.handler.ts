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
    let enqueued = 0;
    for (const fixup of await this.fixups.listPending()) {
      const jobId = fixupJobId(fixup.id);
      // A live job will do it; a failed one is replaced (its id can be reused).
      const { state } = await this.jobs.state(jobId);
      if (state === 'live' || state === 'completed') continue;
      await this.jobs.enqueue(this.job, { fixupId: fixup.id }, { jobId });
      enqueued += 1;
    }
    return enqueued;
  }
}
