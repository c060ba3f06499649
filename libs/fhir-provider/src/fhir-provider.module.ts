import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FhirModule, FhirSettings, OutboundHttp } from '@app/fhir';
import { secretCipherProvider } from '@app/platform';
import { AppError, SecretCipher } from '@app/shared';
import { AddAuthConfigHandler } from './application/commands/add-auth-config/add-auth-config.handler.js';
import { CreateFhirProviderHandler } from './application/commands/create-fhir-provider/create-fhir-provider.handler.js';
import { DeleteFhirProviderHandler } from './application/commands/delete-fhir-provider/delete-fhir-provider.handler.js';
import { RemoveAuthConfigHandler } from './application/commands/remove-auth-config/remove-auth-config.handler.js';
import { SetActiveAuthConfigHandler } from './application/commands/set-active-auth-config/set-active-auth-config.handler.js';
import { FhirClients } from './application/ports/fhir-clients.js';
import { FhirProviderRepository } from './application/ports/fhir-provider.repository.js';
import { ProviderAuthorizers } from './application/ports/provider-authorizers.js';
import { ProviderDirectory } from './application/ports/provider-directory.js';
import { SigningKeyGenerator } from './application/ports/signing-key-generator.js';
import { GetFhirGatewayHandler } from './application/queries/get-fhir-gateway/get-fhir-gateway.handler.js';
import { GetFhirProviderHandler } from './application/queries/get-fhir-provider/get-fhir-provider.handler.js';
import { GetProviderJwksHandler } from './application/queries/get-provider-jwks/get-provider-jwks.handler.js';
import { ListFhirProvidersHandler } from './application/queries/list-fhir-providers/list-fhir-providers.handler.js';
import { AuthConfigFactory } from './application/services/auth-config-factory.js';
import { OutboundTargetCheck } from './application/services/outbound-target-check.js';
import { ProviderAccessResolver } from './application/services/provider-access.js';
import { ProviderFhirClients } from './application/services/provider-fhir-clients.js';
import { RepositoryProviderDirectory } from './application/services/repository-provider-directory.js';
import { OAuthProviderAuthorizers } from './infrastructure/auth/oauth-provider-authorizers.js';
import { TokenCache } from './infrastructure/auth/token-cache.js';
import { TokenEndpointClient } from './infrastructure/auth/token-endpoint-client.js';

import { RsaSigningKeyGenerator } from './infrastructure/crypto/rsa-signing-key-generator.js';
import { FhirProviderAuthConfigEntity } from './infrastructure/persistence/fhir-provider-auth-config.entity.js';
import { FhirProviderEntity } from './infrastructure/persistence/fhir-provider.entity.js';
import { TypeOrmFhirProviderRepository } from './infrastructure/persistence/typeorm-fhir-provider.repository.js';
import { FhirGatewayController } from './interface/http/fhir-gateway.controller.js';
import { FhirProviderController } from './interface/http/fhir-provider.controller.js';
import { JwksController } from './interface/http/jwks.controller.js';
import { RejectSandboxChanges } from './interface/http/reject-sandbox-changes.guard.js';

const handlers = [
  CreateFhirProviderHandler,
  DeleteFhirProviderHandler,
  AddAuthConfigHandler,
  RemoveAuthConfigHandler,
  SetActiveAuthConfigHandler,
  ListFhirProvidersHandler,
  GetFhirProviderHandler,
  GetProviderJwksHandler,
  GetFhirGatewayHandler,
];

/** FHIR providers, their auth configurations, and FHIR clients for them (`FhirClients`). */
@Module({
  imports: [
    TypeOrmModule.forFeature([FhirProviderEntity, FhirProviderAuthConfigEntity]),
    FhirModule,
  ],
  controllers: [FhirProviderController, FhirGatewayController, JwksController],
  providers: [
    ...handlers,
    AuthConfigFactory,
    OutboundTargetCheck,
    ProviderAccessResolver,
    RejectSandboxChanges,
    { provide: FhirProviderRepository, useClass: TypeOrmFhirProviderRepository },
    { provide: FhirClients, useClass: ProviderFhirClients },
    { provide: ProviderDirectory, useClass: RepositoryProviderDirectory },
    secretCipherProvider(
      () =>
        new AppError(
          500,
          'FHIR_PROVIDER.SECRET_UNREADABLE',
          'A stored credential cannot be decrypted (was ENCRYPTION_KEY changed?); add a new auth configuration',
        ),
    ),
    { provide: SigningKeyGenerator, useClass: RsaSigningKeyGenerator },
    {
      provide: ProviderAuthorizers,
      inject: [SecretCipher, OutboundHttp, FhirSettings],
      useFactory: (cipher: SecretCipher, http: OutboundHttp, settings: FhirSettings) =>
        new OAuthProviderAuthorizers(
          cipher,
          new TokenCache(),
          new TokenEndpointClient(http, settings),
        ),
    },
  ],
  exports: [FhirClients, ProviderDirectory],
})
export class FhirProviderModule {}
