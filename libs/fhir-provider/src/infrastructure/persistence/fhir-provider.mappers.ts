import type { AuthConfig, AuthMethod, PublicJwk, Role } from '../../domain/auth-config.js';
import type { FhirProvider } from '../../domain/fhir-provider.js';
import type { FhirProviderAuthConfigEntity } from './fhir-provider-auth-config.entity.js';
import type { FhirProviderEntity } from './fhir-provider.entity.js';

export function toFhirProvider(
  entity: FhirProviderEntity,
  configs: FhirProviderAuthConfigEntity[],
): FhirProvider {
  return {
    id: entity.id,
    accountId: entity.accountId,
    name: entity.name,
    description: entity.description ?? undefined,
    provider: entity.provider as FhirProvider['provider'],
    baseUrl: entity.baseUrl,
    authConfigs: configs
      .slice()
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map(toAuthConfig),
    activeAuthConfigId: entity.activeAuthConfigId,
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
  };
}

function toAuthConfig(entity: FhirProviderAuthConfigEntity): AuthConfig {
  return {
    id: entity.id,
    method: entity.authMethod as AuthMethod,
    clientId: entity.clientId ?? undefined,
    role: (entity.role as Role | null) ?? undefined,
    scopes: entity.scopes ?? undefined,
    credentialExpiry: entity.credentialExpiry ?? undefined,
    tokenUrl: entity.tokenUrl ?? undefined,
    encryptedSecret: entity.encryptedSecret ?? undefined,
    encryptedPrivateKey: entity.encryptedPrivateKey ?? undefined,
    publicJwk: (entity.publicJwk as PublicJwk | null) ?? undefined,
    certificatePem: entity.certificatePem ?? undefined,
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
  };
}

export function toProviderRow(provider: FhirProvider): FhirProviderEntity {
  return {
    id: provider.id,
    accountId: provider.accountId,
    name: provider.name,
    description: provider.description ?? null,
    provider: provider.provider,
    baseUrl: provider.baseUrl,
    activeAuthConfigId: provider.activeAuthConfigId,
    createdAt: provider.createdAt,
    updatedAt: provider.updatedAt,
  };
}

export function toAuthConfigRow(
  provider: FhirProvider,
  config: AuthConfig,
): FhirProviderAuthConfigEntity {
  return {
    id: config.id,
    accountId: provider.accountId,
    providerId: provider.id,
    authMethod: config.method,
    clientId: config.clientId ?? null,
    role: config.role ?? null,
    scopes: config.scopes ?? null,
    credentialExpiry: config.credentialExpiry ?? null,
    tokenUrl: config.tokenUrl ?? null,
    encryptedSecret: config.encryptedSecret ?? null,
    encryptedPrivateKey: config.encryptedPrivateKey ?? null,
    publicJwk: config.publicJwk ?? null,
    certificatePem: config.certificatePem ?? null,
    createdAt: config.createdAt,
    updatedAt: config.updatedAt,
  };
}
