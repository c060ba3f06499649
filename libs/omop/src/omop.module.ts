import { Module } from '@nestjs/common';
import { VocabularyModule } from '@app/vocabulary';
import { MapFhirToOmopHandler } from './application/queries/map-fhir-to-omop/map-fhir-to-omop.handler.js';
import { FhirToOmopController } from './interface/http/fhir-to-omop.controller.js';
import { OmopBulkModule } from './omop-bulk.module.js';

/** fhir2omop: FHIR R4 resources to OMOP CDM v5.4 rows, with a per-code mapping report. */
@Module({
  imports: [VocabularyModule, OmopBulkModule],
  controllers: [FhirToOmopController],
  providers: [MapFhirToOmopHandler],
})
export class OmopModule {}
