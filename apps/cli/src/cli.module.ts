import type { DynamicModule, Type } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ALL_MIGRATIONS } from '@app/migrations';
import { DatabaseModule, JobsModule } from '@app/platform';
import { type AppConfig, ConfigModule } from '@app/shared';

export interface CliModuleOptions {
  /** The modules the command needs (see CliCommand.imports). */
  imports?: (Type | DynamicModule)[];
  /**
   * Whether this command runs jobs itself. `omop:load` does in the embedded profile: no
   * other process may open the embedded database. In the server profile its batches go
   * to BullMQ and the worker replicas run them.
   */
  runJobs?: boolean;
}

/** Admin commands work against the configured database, whichever profile it is. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig, options: CliModuleOptions = {}): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        CqrsModule.forRoot(),
        DatabaseModule.forRoot({ migrations: ALL_MIGRATIONS, migrateOnStart: false }),
        JobsModule.forRoot(config, {
          consume: config.profile === 'embedded' && options.runJobs === true,
        }),
        ...(options.imports ?? []),
      ],
    };
  }
}
