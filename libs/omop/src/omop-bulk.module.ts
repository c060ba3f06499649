import { Module } from '@nestjs/common';
import { VocabularyModule } from '@app/vocabulary';
import { FailOmopBatchHandler } from './application/commands/fail-omop-batch/fail-omop-batch.handler.js';
import { LoadOmopBatchHandler } from './application/commands/load-omop-batch/load-omop-batch.handler.js';
import { LoadOmopBatchJob } from './application/load-omop-batch.job.js';
import { LoadOmopHandler } from './application/commands/load-omop/load-omop.handler.js';
import { BulkSource } from './application/ports/bulk-source.js';
import { CdmRowWriter } from './application/ports/cdm-row-writer.js';
import { CdmSchema } from './application/ports/cdm-schema.js';
import { LoadRunStore } from './application/ports/load-run-store.js';
import { NodeBulkSource } from './infrastructure/bulk/files/node-bulk-source.js';
import { PgCdmRowWriter } from './infrastructure/bulk/postgres/pg-cdm-row-writer.js';
import { PgCdmSchema } from './infrastructure/bulk/postgres/pg-cdm-schema.js';
import { PgLoadRunStore } from './infrastructure/bulk/postgres/pg-load-run-store.js';
import { ServiceVocabulary } from './infrastructure/bulk/postgres/service-vocabulary.js';
import { TargetPools } from './infrastructure/bulk/postgres/target-pools.js';
import { LoadOmopBatchRegistrar } from './infrastructure/bulk/queue/load-omop-batch.registrar.js';

/** The bulk path: FHIR NDJSON or Bundles streamed into a real OMOP CDM v5.4 schema. */
@Module({
  imports: [VocabularyModule],
  providers: [
    LoadOmopHandler,
    LoadOmopBatchHandler,
    FailOmopBatchHandler,
    LoadOmopBatchJob,
    LoadOmopBatchRegistrar,
    TargetPools,
    ServiceVocabulary,
    { provide: BulkSource, useClass: NodeBulkSource },
    { provide: CdmSchema, useClass: PgCdmSchema },
    { provide: LoadRunStore, useClass: PgLoadRunStore },
    { provide: CdmRowWriter, useClass: PgCdmRowWriter },
  ],
})
export class OmopBulkModule {}
