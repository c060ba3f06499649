import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthCoreModule } from '@app/auth';
import { ConstrueModule } from '@app/construe';
import { FhirModule } from '@app/fhir';
import { FhirProviderModule } from '@app/fhir-provider';
import { Lang2FhirModule } from '@app/lang2fhir';
import { ALL_MIGRATIONS } from '@app/migrations';
import { OmopModule } from '@app/omop';
import { DatabaseModule, JobsModule, RedisModule } from '@app/platform';
import { type AppConfig, ConfigModule } from '@app/shared';
import { VocabularyModule } from '@app/vocabulary';

/** The worker: the same domain modules as the API, without HTTP, consuming BullMQ jobs. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        CqrsModule.forRoot(),
        DatabaseModule.forRoot({ migrations: ALL_MIGRATIONS, migrateOnStart: false }),
        RedisModule,
        JobsModule.forRoot(config, { consume: true }),
        AuthCoreModule,
        VocabularyModule,
        ConstrueModule,
        FhirModule,
        FhirProviderModule,
        OmopModule,
        Lang2FhirModule,
      ],
    };
  }
}
