import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { AppConfig, JobHandlerRegistry, JobQueue } from '@app/shared';
import { failFastRedisOptions, redisOptionsFromUrl } from '../redis/redis-options.js';
import { BullMqJobQueue, JOBS_QUEUE } from './bullmq-job-queue.js';
import { DeferredJobQueue } from './deferred-job-queue.js';
import { InProcessJobQueue } from './in-process-job-queue.js';
import { InMemoryJobHandlerRegistry } from './job-handler.registry.js';
import { configuredJobsProcessor } from './jobs.processor.js';

export interface JobsModuleOptions {
  /**
   * Whether this process runs jobs: the worker app, the embedded API, or a server API told to.
   * An embedded process that does not (the CLI) defers them to the API, see DeferredJobQueue.
   */
  consume: boolean;
}

/** Binds the JobQueue port to BullMQ (server profile) or to the in-process adapter (embedded). */
@Module({})
export class JobsModule {
  static forRoot(config: AppConfig, options: JobsModuleOptions): DynamicModule {
    const registry: Provider = {
      provide: JobHandlerRegistry,
      useClass: InMemoryJobHandlerRegistry,
    };
    if (config.profile === 'embedded') {
      return {
        module: JobsModule,
        global: true,
        providers: [
          registry,
          { provide: JobQueue, useClass: options.consume ? InProcessJobQueue : DeferredJobQueue },
        ],
        exports: [JobHandlerRegistry, JobQueue],
      };
    }
    return {
      module: JobsModule,
      global: true,
      imports: [
        BullModule.forRoot({
          connection: redisOptionsFromUrl(config.redisUrl!),
          prefix: `${config.redisPrefix}:bull`,
        }),
        // The producer fails fast (a request never waits for Redis); the worker has its own
        // connection, below, for its blocking commands.
        BullModule.registerQueue({
          name: JOBS_QUEUE,
          connection: failFastRedisOptions(config.redisUrl!, config.redisCommandTimeoutMs),
        }),
      ],
      providers: [
        registry,
        { provide: JobQueue, useClass: BullMqJobQueue },
        ...(options.consume
          ? [
              configuredJobsProcessor({
                concurrency: config.workerConcurrency,
                lockDurationMs: config.jobLockMs,
                connection: redisOptionsFromUrl(config.redisUrl!),
                retryWindowMs: config.jobRetryWindowMs,
                maxBackoffMs: config.jobMaxBackoffMs,
                shutdownGraceMs: config.workerShutdownGraceMs,
              }),
            ]
          : []),
      ],
      exports: [JobHandlerRegistry, JobQueue],
    };
  }
}
