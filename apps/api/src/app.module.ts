import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DevtoolsModule } from '@nestjs/devtools-integration';
import { AgentsModule } from '@app/agents';
import { AuthHttpModule } from '@app/auth';
import { ConstrueModule } from '@app/construe';
import { FhirModule } from '@app/fhir';
import { FhirProviderModule } from '@app/fhir-provider';
import { Lang2FhirModule } from '@app/lang2fhir';
import { ALL_MIGRATIONS } from '@app/migrations';
import { OmopModule } from '@app/omop';
import {
  DatabaseModule,
  HealthModule,
  JobsModule,
  RedisModule,
  ThrottlingModule,
} from '@app/platform';
import { type AppConfig, ConfigModule } from '@app/shared';
import { SummaryModule } from '@app/summary';
import { VocabularyModule } from '@app/vocabulary';
import { WorkflowsModule } from '@app/workflows';
import { DemoClientSeeder } from './demo-client.seeder.js';
import { JobReconciler } from './job-reconciler.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        CqrsModule.forRoot(),
        DatabaseModule.forRoot({
          migrations: ALL_MIGRATIONS,
          migrateOnStart: config.runMigrations,
        }),
        RedisModule,
        JobsModule.forRoot(config, {
          consume: config.profile === 'embedded' || config.runWorkerInApi,
        }),
        // Registered before auth so that floods are refused before any credential check.
        ThrottlingModule,
        HealthModule,
        AuthHttpModule,
        VocabularyModule,
        ConstrueModule,
        FhirModule,
        FhirProviderModule,
        SummaryModule,
        OmopModule,
        Lang2FhirModule,
        WorkflowsModule,
        AgentsModule,
        ...(config.devtools
          ? [DevtoolsModule.register({ http: true, port: config.devtoolsPort })]
          : []),
      ],
      providers: [DemoClientSeeder, JobReconciler],
    };
  }
}
