import { Module } from '@nestjs/common';

/** The bulk path: FHIR NDJSON or Bundles streamed into a real OMOP CDM v5.4 schema. */
@Module({})
export class OmopBulkModule {}
