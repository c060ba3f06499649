import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImportGuidePackageHandler } from './application/commands/import-guide-package/import-guide-package.handler.js';
import { DeleteGuideMetadataHandler } from './application/commands/delete-guide-metadata/delete-guide-metadata.handler.js';
import { DeleteProfileHandler } from './application/commands/delete-profile/delete-profile.handler.js';
import { HandleSandboxRequestHandler } from './application/commands/handle-sandbox-request/handle-sandbox-request.handler.js';
import { SetGuideContextHandler } from './application/commands/set-guide-context/set-guide-context.handler.js';
import { UpdateProfileHandler } from './application/commands/update-profile/update-profile.handler.js';
import { UploadProfileHandler } from './application/commands/upload-profile/upload-profile.handler.js';
import { PackageUnpacker } from './application/ports/package-unpacker.js';
import { ProfileRepository } from './application/ports/profile.repository.js';
import { ProfileCatalog } from './application/ports/profile-catalog.js';
import { StoredProfileCatalog } from './application/services/stored-profile-catalog.js';
import { ValueSetRepository } from './application/ports/value-set.repository.js';
import { FindBuiltinProfileHandler } from './application/queries/find-builtin-profile/find-builtin-profile.handler.js';
import { GetGuideHandler } from './application/queries/get-guide/get-guide.handler.js';
import { GetProfileHandler } from './application/queries/get-profile/get-profile.handler.js';
import { ListGuidesHandler } from './application/queries/list-guides/list-guides.handler.js';
import { ListProfilesHandler } from './application/queries/list-profiles/list-profiles.handler.js';
import { SandboxFhirServer } from './application/ports/sandbox-request.js';
import { FhirClientFactory } from './infrastructure/client/fhir-client-factory.js';
import { FhirSettings } from './infrastructure/config/fhir-settings.js';
import { OutboundHttp } from './infrastructure/outbound/outbound-http.js';
import { FhirResourceVersionEntity } from './infrastructure/persistence/fhir-resource-version.entity.js';
import { FhirResourceEntity } from './infrastructure/persistence/fhir-resource.entity.js';
import { FhirSearchIndexEntity } from './infrastructure/persistence/fhir-search-index.entity.js';
import { GzipTarUnpacker } from './infrastructure/packages/gzip-tar-unpacker.js';
import { SqlProfileRepository } from './infrastructure/profiles/sql-profile.repository.js';
import { SqlValueSetRepository } from './infrastructure/profiles/sql-value-set.repository.js';
import { DatabaseSandboxServer } from './infrastructure/sandbox/database-sandbox-server.js';
import { ImplementationGuidesController } from './interface/http/implementation-guides.controller.js';
import { LegacyProfileUploadController } from './interface/http/legacy-profile-upload.controller.js';
import { ProfilesController } from './interface/http/profiles.controller.js';
import { SandboxController } from './interface/http/sandbox.controller.js';

const profileHandlers = [
  UploadProfileHandler,
  UpdateProfileHandler,
  DeleteProfileHandler,
  SetGuideContextHandler,
  DeleteGuideMetadataHandler,
  ListProfilesHandler,
  GetProfileHandler,
  ListGuidesHandler,
  GetGuideHandler,
  FindBuiltinProfileHandler,
  ImportGuidePackageHandler,
];

/**
 * FHIR R4: the sandbox server (`/fhir/sandbox`), the REST client and gateway, outbound
 * address checks, and the accounts' custom profiles and implementation guides.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      FhirResourceEntity,
      FhirResourceVersionEntity,
      FhirSearchIndexEntity,
    ]),
  ],
  controllers: [
    SandboxController,
    ProfilesController,
    ImplementationGuidesController,
    LegacyProfileUploadController,
  ],
  providers: [
    HandleSandboxRequestHandler,
    ...profileHandlers,
    { provide: ProfileRepository, useClass: SqlProfileRepository },
    { provide: ValueSetRepository, useClass: SqlValueSetRepository },
    { provide: ProfileCatalog, useClass: StoredProfileCatalog },
    { provide: PackageUnpacker, useClass: GzipTarUnpacker },
    { provide: FhirSettings, useFactory: () => FhirSettings.fromEnv() },
    {
      provide: OutboundHttp,
      inject: [FhirSettings],
      useFactory: (settings: FhirSettings) => new OutboundHttp(settings.outbound),
    },
    { provide: SandboxFhirServer, useClass: DatabaseSandboxServer },
    FhirClientFactory,
  ],
  exports: [FhirClientFactory, OutboundHttp, FhirSettings, ProfileCatalog],
})
export class FhirModule {}
