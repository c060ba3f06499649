import { DomainError, ERROR_STATUS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import type { AuthConfig } from './auth-config.js';
import {
  activateAuthConfig,
  activeAuthConfig,
  addAuthConfig,
  MAX_AUTH_CONFIGS,
  removeAuthConfig,
  type FhirProvider,
} from './fhir-provider.js';

const T0 = new Date('2025-01-01T00:00:00Z');
const T1 = new Date('2025-02-01T00:00:00Z');
const config = (id: string): AuthConfig => ({ id, method: 'none', createdAt: T0, updatedAt: T0 });
const provider: FhirProvider = {
  id: 'p',
  accountId: 'a',
  name: 'ehr',
  provider: 'hapi',
  baseUrl: 'https://x.org',
  authConfigs: [config('c1')],
  activeAuthConfigId: 'c1',
  createdAt: T0,
  updatedAt: T0,
};

function codeOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    return `${ERROR_STATUS[(error as DomainError).kind]} ${(error as DomainError).code}`;
  }
  return 'ok';
}

describe('FHIR provider key rotation', () => {
  it('adds inactive, activates, then removes the old configuration', () => {
    const added = addAuthConfig(provider, config('c2'), T1);
    expect(activeAuthConfig(added).id).toBe('c1');
    expect(added.updatedAt).toBe(T1);
    const switched = activateAuthConfig(added, 'c2', T1);
    expect(activeAuthConfig(switched).id).toBe('c2');
    expect(activateAuthConfig(switched, 'c2', T1)).toBe(switched);
    const rotated = removeAuthConfig(switched, 'c1', T1);
    expect(rotated.authConfigs.map((item) => item.id)).toEqual(['c2']);
  });

  it('refuses to remove the active configuration, and unknown ones', () => {
    expect(codeOf(() => removeAuthConfig(provider, 'c1', T1))).toBe(
      '400 FHIR_PROVIDER.ACTIVE_AUTH_CONFIG',
    );
    expect(codeOf(() => removeAuthConfig(provider, 'nope', T1))).toBe(
      '404 FHIR_PROVIDER.AUTH_CONFIG_NOT_FOUND',
    );
    expect(codeOf(() => activateAuthConfig(provider, 'nope', T1))).toBe(
      '404 FHIR_PROVIDER.AUTH_CONFIG_NOT_FOUND',
    );
  });

  it('caps the number of configurations', () => {
    let full = provider;
    for (let index = 2; index <= MAX_AUTH_CONFIGS; index++)
      full = addAuthConfig(full, config(`c${index}`), T1);
    expect(codeOf(() => addAuthConfig(full, config('one-more'), T1))).toBe(
      '400 FHIR_PROVIDER.TOO_MANY_AUTH_CONFIGS',
    );
  });
});
