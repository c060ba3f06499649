import { Module } from '@nestjs/common';

/** fhir2omop: FHIR R4 resources to OMOP CDM v5.4 rows, with a per-code mapping report. */
@Module({})
export class OmopModule {}
