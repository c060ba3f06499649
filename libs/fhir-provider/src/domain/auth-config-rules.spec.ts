import { DomainError, ERROR_STATUS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { validateAuthConfig, type AuthConfigInput } from './auth-config-rules.js';
import { requestedScopes } from './auth-config.js';

const NOW = new Date('2025-01-01T00:00:00Z');

function codeOf(input: AuthConfigInput, provider: 'hapi' | 'medplum' = 'hapi'): string {
  try {
    validateAuthConfig(input, provider, NOW);
  } catch (error) {
    if (error instanceof DomainError) return `${ERROR_STATUS[error.kind]} ${error.code}`;
    throw error;
  }
  return 'valid';
}

describe('auth configuration rules', () => {
  it.each<[AuthConfigInput, string]>([
    [
      {
        auth_method: 'client_secret',
        client_id: 'a',
        client_secret: 'b',
        role: 'read',
        scopes: 'x',
      },
      '400 FHIR_PROVIDER.ROLE_AND_SCOPES',
    ],
    [
      { auth_method: 'token_passthrough', role: 'read' },
      '400 FHIR_PROVIDER.ROLE_OR_SCOPES_NOT_ALLOWED',
    ],
    [
      { auth_method: 'google_healthcare', scopes: 'x', service_account_key: {} },
      '400 FHIR_PROVIDER.ROLE_OR_SCOPES_NOT_ALLOWED',
    ],
    [{ auth_method: 'jwt' }, '400 FHIR_PROVIDER.CLIENT_ID_REQUIRED'],
    [{ auth_method: 'none', client_id: 'a' }, '400 FHIR_PROVIDER.CLIENT_ID_NOT_ALLOWED'],
    [{ auth_method: 'on_behalf_of', client_id: 'a' }, '400 FHIR_PROVIDER.CLIENT_SECRET_REQUIRED'],
    [
      { auth_method: 'jwt', client_id: 'a', client_secret: 'b' },
      '400 FHIR_PROVIDER.CLIENT_SECRET_NOT_ALLOWED',
    ],
    [
      { auth_method: 'none', token_url: 'https://x/token' },
      '400 FHIR_PROVIDER.TOKEN_URL_NOT_ALLOWED',
    ],
    [
      { auth_method: 'jwt', client_id: 'a', token_url: 'token' },
      '400 FHIR_PROVIDER.INVALID_TOKEN_URL',
    ],
    [{ auth_method: 'google_healthcare' }, '400 FHIR_PROVIDER.SERVICE_ACCOUNT_KEY_REQUIRED'],
    [
      { auth_method: 'google_healthcare', service_account_key: '{' },
      '400 FHIR_PROVIDER.INVALID_SERVICE_ACCOUNT_KEY',
    ],
    [
      {
        auth_method: 'google_healthcare',
        service_account_key: { client_email: 'a@b', private_key: 'x' },
      },
      '400 FHIR_PROVIDER.INVALID_SERVICE_ACCOUNT_KEY',
    ],
    [
      { auth_method: 'none', service_account_key: {} },
      '400 FHIR_PROVIDER.SERVICE_ACCOUNT_KEY_NOT_ALLOWED',
    ],
    [
      { auth_method: 'none', credential_expiry: '2024-12-31T23:59:59Z' },
      '400 FHIR_PROVIDER.CREDENTIAL_ALREADY_EXPIRED',
    ],
    [{ auth_method: 'jwt', client_id: 'a', scopes: '   ' }, '400 FHIR_PROVIDER.INVALID_SCOPES'],
    [{ auth_method: 'jwt', client_id: 'a' }, 'valid'],
    [{ auth_method: 'token_passthrough' }, 'valid'],
  ])('%j → %s', (input, expected) => {
    expect(codeOf(input)).toBe(expected);
  });

  it('defaults the role to read, admin for medplum, and normalises scopes', () => {
    expect(validateAuthConfig({ auth_method: 'jwt', client_id: 'a' }, 'hapi', NOW).role).toBe(
      'read',
    );
    expect(validateAuthConfig({ auth_method: 'jwt', client_id: 'a' }, 'medplum', NOW).role).toBe(
      'admin',
    );
    const scoped = validateAuthConfig(
      { auth_method: 'jwt', client_id: 'a', scopes: ' a   b ' },
      'hapi',
      NOW,
    );
    expect(scoped).toMatchObject({ scopes: 'a b', role: undefined });
    expect(validateAuthConfig({ auth_method: 'none' }, 'medplum', NOW).role).toBeUndefined();
  });

  it('maps roles to SMART system scopes unless scopes are given', () => {
    expect(requestedScopes({ role: 'read' })).toBe('system/*.read');
    expect(requestedScopes({ role: 'write' })).toBe('system/*.read system/*.write');
    expect(requestedScopes({ role: 'admin' })).toBe('system/*.*');
    expect(requestedScopes({ scopes: 'system/Patient.rs' })).toBe('system/Patient.rs');
  });

  it('names the offending field in the details', () => {
    try {
      validateAuthConfig(
        { auth_method: 'jwt', client_id: 'a', role: 'read', scopes: 'x' },
        'hapi',
        NOW,
      );
    } catch (error) {
      expect((error as DomainError).details).toEqual([
        { field: 'role', problems: ['Give either role or scopes, not both'] },
      ]);
    }
  });
});
