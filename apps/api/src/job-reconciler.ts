import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ResumeEmbeddingsCommand } from '@app/construe';
import { ResumeReferenceFixupsCommand } from '@app/lang2fhir';
import { AppConfig, OutageLog } from '@app/shared';

/**
 * Work whose state is durable in the database (code systems still `processing`, lang2fhir
 * reference fix-ups still pending) is reconciled with the job queue at start and then every
 * JOB_RECONCILE_INTERVAL_MS: work with no live job is enqueued again (idempotent by job id;
 * it was deferred by the CLI, interrupted by a restart, or its enqueue was lost in an
 * outage), and work whose job gave up without saying so is marked failed with the reason.
 * Every API replica may run it: each step is idempotent.
 */
@Injectable()
export class JobReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly outage = new OutageLog();
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly commands: CommandBus,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.reconcile();
    if (this.config.jobReconcileIntervalMs > 0) {
      this.timer = setInterval(() => void this.tick(), this.config.jobReconcileIntervalMs);
      this.timer.unref();
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.reconcile();
    } catch (error) {
      // The database or Redis is down: the next tick tries again.
      if (this.outage.failure())
        this.logger.warn(
          `Job reconciliation postponed: ${error instanceof Error ? error.message : String(error)}`,
        );
    } finally {
      this.running = false;
    }
  }

  private async reconcile(): Promise<void> {
    const resumed = await this.commands.execute(new ResumeEmbeddingsCommand());
    if (resumed > 0) this.logger.log(`Resumed the embedding of ${resumed} code system(s)`);
    const fixups = await this.commands.execute(new ResumeReferenceFixupsCommand());
    if (fixups > 0) this.logger.log(`Resumed ${fixups} lang2fhir reference fix-up(s)`);
  }
}
