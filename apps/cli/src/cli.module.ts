import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthCoreModule } from '@app/auth';
import { ConstrueModule } from '@app/construe';
import { ALL_MIGRATIONS } from '@app/migrations';
import { DatabaseModule, JobsModule } from '@app/platform';
import { type AppConfig, ConfigModule } from '@app/shared';
import { VocabularyModule } from '@app/vocabulary';

/** Admin commands work against the configured database, whichever profile it is. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        CqrsModule.forRoot(),
        DatabaseModule.forRoot({ migrations: ALL_MIGRATIONS, migrateOnStart: false }),
        JobsModule.forRoot(config, { consume: false }),
        AuthCoreModule,
        VocabularyModule,
        ConstrueModule,
      ],
    };
  }
}
