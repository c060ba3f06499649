import { FhirProviderError } from './fhir-provider-error.js';
import type { AuthConfig } from './auth-config.js';
import type { ProviderType } from './provider-types.js';

/** A FHIR server an account registered, with its auth configurations (one of them active). */
export interface FhirProvider {
  id: string;
  accountId: string;
  name: string;
  description?: string;
  provider: Exclude<ProviderType, 'sandbox'>;
  baseUrl: string;
  authConfigs: AuthConfig[];
  activeAuthConfigId: string;
  createdAt: Date;
  updatedAt: Date;
}

export const MAX_AUTH_CONFIGS = 10;

export function activeAuthConfig(provider: FhirProvider): AuthConfig {
  const active = provider.authConfigs.find((config) => config.id === provider.activeAuthConfigId);
  if (!active) throw new Error(`Provider ${provider.id} has no active auth configuration`);
  return active;
}

/** Key rotation starts here: the new configuration is added inactive. */
export function addAuthConfig(provider: FhirProvider, config: AuthConfig, now: Date): FhirProvider {
  if (provider.authConfigs.length >= MAX_AUTH_CONFIGS) {
    throw new FhirProviderError(
      'invalid',
      'FHIR_PROVIDER.TOO_MANY_AUTH_CONFIGS',
      `A provider holds at most ${MAX_AUTH_CONFIGS} auth configurations; remove an unused one first`,
    );
  }
  return { ...provider, authConfigs: [...provider.authConfigs, config], updatedAt: now };
}

export function activateAuthConfig(
  provider: FhirProvider,
  authConfigId: string,
  now: Date,
): FhirProvider {
  findConfig(provider, authConfigId);
  if (provider.activeAuthConfigId === authConfigId) return provider;
  return { ...provider, activeAuthConfigId: authConfigId, updatedAt: now };
}

export function removeAuthConfig(
  provider: FhirProvider,
  authConfigId: string,
  now: Date,
): FhirProvider {
  findConfig(provider, authConfigId);
  if (provider.activeAuthConfigId === authConfigId) {
    throw new FhirProviderError(
      'invalid',
      'FHIR_PROVIDER.ACTIVE_AUTH_CONFIG',
      'The active auth configuration cannot be removed; activate another one first',
      { auth_config_id: authConfigId },
    );
  }
  return {
    ...provider,
    authConfigs: provider.authConfigs.filter((config) => config.id !== authConfigId),
    updatedAt: now,
  };
}

function findConfig(provider: FhirProvider, authConfigId: string): AuthConfig {
  const config = provider.authConfigs.find((candidate) => candidate.id === authConfigId);
  if (!config) {
    throw new FhirProviderError(
      'not-found',
      'FHIR_PROVIDER.AUTH_CONFIG_NOT_FOUND',
      `Provider ${provider.id} has no auth configuration ${authConfigId}`,
    );
  }
  return config;
}
