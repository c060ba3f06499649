import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ResumeEmbeddingsCommand } from '@app/construe';
import { ResumeReferenceFixupsCommand } from '@app/lang2fhir';

/**
 * Work whose state is durable in the database (code systems still `processing`, lang2fhir
 * reference fix-ups still pending) is
 * enqueued again at start: it was deferred by the CLI, or interrupted by a restart of
 * an embedded instance. Enqueueing is idempotent by job id.
 */
@Injectable()
export class ResumeJobsOnStart implements OnApplicationBootstrap {
  constructor(private readonly commands: CommandBus) {}

  async onApplicationBootstrap(): Promise<void> {
    const resumed = await this.commands.execute(new ResumeEmbeddingsCommand());
    if (resumed > 0) new Logger('Jobs').log(`Resumed the embedding of ${resumed} code system(s)`);
    const fixups = await this.commands.execute(new ResumeReferenceFixupsCommand());
    if (fixups > 0) new Logger('Jobs').log(`Resumed ${fixups} lang2fhir reference fix-up(s)`);
  }
}
