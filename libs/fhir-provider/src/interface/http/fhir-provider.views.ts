import type { AuthConfig } from '../../domain/auth-config.js';
import type { FhirProvider } from '../../domain/fhir-provider.js';
import type { SandboxProvider } from '../../domain/sandbox-provider.js';
import type {
  AuthConfigViewDto,
  FhirProviderViewDto,
  SandboxProviderViewDto,
} from './fhir-provider.dto.js';

/**
 * The API shapes: no secret, no ciphertext, ever (only the fields listed here leave the service).
 * A value the provider does not have is left out, never `null`: the public API document
 * declares these fields non-nullable.
 */
export function providerView(provider: FhirProvider, origin: string): FhirProviderViewDto {
  const active = provider.authConfigs.find((config) => config.id === provider.activeAuthConfigId);
  return {
    id: provider.id,
    name: provider.name,
    ...present('description', provider.description),
    provider: provider.provider,
    base_url: provider.baseUrl,
    ...present('client_id', active?.clientId),
    auth_configs: Object.fromEntries(
      provider.authConfigs.map((config) => [
        config.id,
        authConfigView(
          config,
          config.id === provider.activeAuthConfigId,
          jwksUrl(origin, provider.id),
        ),
      ]),
    ),
    last_updated: provider.updatedAt.toISOString(),
  };
}

export function sandboxView(sandbox: SandboxProvider, origin: string): SandboxProviderViewDto {
  return { ...sandbox, base_url: `${origin}/fhir/sandbox` };
}

export function jwksUrl(origin: string, providerId: string): string {
  return `${origin}/fhir-provider/${providerId}/jwks.json`;
}

function authConfigView(config: AuthConfig, active: boolean, jwks: string): AuthConfigViewDto {
  return {
    auth_config_id: config.id,
    auth_method: config.method,
    is_active_auth_config: active,
    ...present('client_id', config.clientId),
    ...present('role', config.role),
    ...present('scopes', config.scopes),
    ...present('credential_expiry', config.credentialExpiry?.toISOString()),
    ...present('token_url', config.tokenUrl),
    ...(config.publicJwk
      ? {
          json_web_key: config.publicJwk,
          public_key_cert_pem: config.certificatePem,
          jwks_url: jwks,
        }
      : {}),
    created_at: config.createdAt.toISOString(),
    updated_at: config.updatedAt.toISOString(),
  };
}

/** `{ [key]: value }` when there is a value, `{}` when it is null or undefined. */
function present<K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> {
  return value === null || value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
