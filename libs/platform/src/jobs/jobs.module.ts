import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { AppConfig, JobHandlerRegistry, JobQueue } from '@app/shared';
import { redisOptionsFromUrl } from '../redis/redis-options.js';
import { BullMqJobQueue, JOBS_QUEUE } from './bullmq-job-queue.js';
import { InProcessJobQueue } from './in-process-job-queue.js';
import { InMemoryJobHandlerRegistry } from './job-handler.registry.js';
import { JobsProcessor } from './jobs.processor.js';

export interface JobsModuleOptions {
  /** Whether this process consumes BullMQ jobs (the worker app, or an API told to). */
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
        providers: [registry, { provide: JobQueue, useClass: InProcessJobQueue }],
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
        BullModule.registerQueue({ name: JOBS_QUEUE }),
      ],
      providers: [
        registry,
        { provide: JobQueue, useClass: BullMqJobQueue },
        ...(options.consume ? [JobsProcessor] : []),
      ],
      exports: [JobHandlerRegistry, JobQueue],
    };
  }
}
