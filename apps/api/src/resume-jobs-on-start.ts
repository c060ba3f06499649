import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ResumeEmbeddingsCommand } from '@app/construe';

/**
 * Work whose state is durable in the database (code systems still `processing`) is
 * enqueued again at start: it was deferred by the CLI, or interrupted by a restart of
 * an embedded instance. Enqueueing is idempotent by job id.
 */
@Injectable()
export class ResumeJobsOnStart implements OnApplicationBootstrap {
  constructor(private readonly commands: CommandBus) {}

  async onApplicationBootstrap(): Promise<void> {
    const resumed = await this.commands.execute(new ResumeEmbeddingsCommand());
    if (resumed > 0) new Logger('Jobs').log(`Resumed the embedding of ${resumed} code system(s)`);
  }
}
