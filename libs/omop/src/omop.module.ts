import { Module } from '@nestjs/common';
import { OmopBulkModule } from './omop-bulk.module.js';

/** fhir2omop: FHIR R4 resources to OMOP CDM v5.4 rows, with a per-code mapping report. */
@Module({ imports: [OmopBulkModule] })
export class OmopModule {}
