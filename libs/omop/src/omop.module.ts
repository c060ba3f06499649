import { Module } from '@nestjs/common';
import { VocabularyModule } from '@app/vocabulary';
import { FhirToOmopMapper } from './application/ports/fhir-to-omop-mapper.js';
import { MapFhirToOmopHandler } from './application/queries/map-fhir-to-omop/map-fhir-to-omop.handler.js';
import { QueryBusFhirToOmopMapper } from './application/services/query-bus-fhir-to-omop-mapper.js';
import { FhirToOmopController } from './interface/http/fhir-to-omop.controller.js';
import { OmopBulkModule } from './omop-bulk.module.js';

/** fhir2omop: FHIR R4 resources to OMOP CDM v5.4 rows, with a per-code mapping report. */
@Module({
  imports: [VocabularyModule, OmopBulkModule],
  controllers: [FhirToOmopController],
  providers: [
    MapFhirToOmopHandler,
    { provide: FhirToOmopMapper, useClass: QueryBusFhirToOmopMapper },
  ],
  exports: [FhirToOmopMapper],
})
export class OmopModule {}
