import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HandleSandboxRequestHandler } from './application/commands/handle-sandbox-request/handle-sandbox-request.handler.js';
import { SandboxFhirServer } from './application/ports/sandbox-request.js';
import { FhirClientFactory } from './infrastructure/client/fhir-client-factory.js';
import { FhirSettings } from './infrastructure/config/fhir-settings.js';
import { OutboundHttp } from './infrastructure/outbound/outbound-http.js';
import { FhirResourceVersionEntity } from './infrastructure/persistence/fhir-resource-version.entity.js';
import { FhirResourceEntity } from './infrastructure/persistence/fhir-resource.entity.js';
import { FhirSearchIndexEntity } from './infrastructure/persistence/fhir-search-index.entity.js';
import { DatabaseSandboxServer } from './infrastructure/sandbox/database-sandbox-server.js';
import { SandboxController } from './interface/http/sandbox.controller.js';

/** FHIR R4: the sandbox server (`/fhir/sandbox`), the REST client, and outbound address checks. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      FhirResourceEntity,
      FhirResourceVersionEntity,
      FhirSearchIndexEntity,
    ]),
  ],
  controllers: [SandboxController],
  providers: [
    HandleSandboxRequestHandler,
    { provide: FhirSettings, useFactory: () => FhirSettings.fromEnv() },
    {
      provide: OutboundHttp,
      inject: [FhirSettings],
      useFactory: (settings: FhirSettings) => new OutboundHttp(settings.outbound),
    },
    { provide: SandboxFhirServer, useClass: DatabaseSandboxServer },
    FhirClientFactory,
  ],
  exports: [FhirClientFactory, OutboundHttp, FhirSettings],
})
export class FhirModule {}
