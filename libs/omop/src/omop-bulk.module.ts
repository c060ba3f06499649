import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import { VocabularyModule } from '@app/vocabulary';
import { FailOmopBatchHandler } from './application/commands/fail-omop-batch/fail-omop-batch.handler.js';
import { LoadOmopBatchHandler } from './application/commands/load-omop-batch/load-omop-batch.handler.js';
import { LoadOmopBatchJob } from './application/load-omop-batch.job.js';
import { LoadOmopHandler } from './application/commands/load-omop/load-omop.handler.js';
import { BulkSource } from './application/ports/bulk-source.js';
import { CdmRowWriter } from './application/ports/cdm-row-writer.js';
import { CdmSchema } from './application/ports/cdm-schema.js';
import { LoadRunStore } from './application/ports/load-run-store.js';
import { ResourceStaging } from './application/ports/resource-staging.js';
import { NodeBulkSource } from './infrastructure/bulk/files/node-bulk-source.js';
import { SpillFileResourceStaging } from './infrastructure/bulk/files/spill-file-resource-staging.js';
import { PgCdmRowWriter } from './infrastructure/bulk/postgres/pg-cdm-row-writer.js';
import { PgCdmSchema } from './infrastructure/bulk/postgres/pg-cdm-schema.js';
import { PgLoadRunStore } from './infrastructure/bulk/postgres/pg-load-run-store.js';
import { PgResourceStaging } from './infrastructure/bulk/postgres/pg-resource-staging.js';
import { ServiceVocabulary } from './infrastructure/bulk/postgres/service-vocabulary.js';
import { TargetPools } from './infrastructure/bulk/postgres/target-pools.js';
import { LoadOmopBatchRegistrar } from './infrastructure/bulk/queue/load-omop-batch.registrar.js';

/**
 * Where a load stages the raw JSON between reading and mapping. Embedded: the batches run
 * in the coordinator's own process (in-process jobs), so a local spill file is enough and
 * the target database receives only CDM rows. Server: worker replicas elsewhere read the
 * batches, so they are staged in the target database.
 */
const resourceStaging = {
  provide: ResourceStaging,
  inject: [AppConfig, TargetPools],
  useFactory: (config: AppConfig, pools: TargetPools): ResourceStaging =>
    config.profile === 'embedded'
      ? new SpillFileResourceStaging(join(tmpdir(), 'omop-load-staging'))
      : new PgResourceStaging(pools),
};

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
    resourceStaging,
    { provide: CdmRowWriter, useClass: PgCdmRowWriter },
  ],
})
export class OmopBulkModule {}
