import { Global, Module } from '@nestjs/common';
import { BuiltinProfileCatalog } from '@app/fhir';
import { UsCoreProfileCatalog } from './infrastructure/profiles/us-core-profile-catalog.js';

/**
 * Provides the fhir library's BuiltinProfileCatalog port to the whole application (global:
 * the fhir library does not import lang2fhir, it only declares the port).
 */
@Global()
@Module({
  providers: [{ provide: BuiltinProfileCatalog, useClass: UsCoreProfileCatalog }],
  exports: [BuiltinProfileCatalog],
})
export class BuiltinProfilesModule {}
