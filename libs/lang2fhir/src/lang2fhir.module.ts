import { Module } from '@nestjs/common';

/** lang2fhir: clinical text to FHIR resources, stored in a FHIR server. */
@Module({})
export class Lang2FhirModule {}
