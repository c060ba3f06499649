import { FhirProviderError } from './fhir-provider-error.js';
import { TOKEN_METHODS, type AuthMethod, type Role } from './auth-config.js';
import type { ProviderType } from './provider-types.js';
import { parseServiceAccountKey, type ServiceAccountKey } from './service-account-key.js';

/** What a caller may send to configure authentication (POST /fhir-provider `auth`, add-auth-config). */
export interface AuthConfigInput {
  auth_method: AuthMethod;
  client_id?: string;
  client_secret?: string;
  role?: Role;
  scopes?: string;
  credential_expiry?: string;
  token_url?: string;
  service_account_key?: unknown;
}

export interface ValidAuthConfig {
  method: AuthMethod;
  clientId?: string;
  clientSecret?: string;
  role?: Role;
  scopes?: string;
  credentialExpiry?: Date;
  tokenUrl?: string;
  serviceAccountKey?: ServiceAccountKey;
}

const SECRET_METHODS: ReadonlySet<AuthMethod> = new Set(['client_secret', 'on_behalf_of']);

/** Checks one auth configuration against the rules of its method; every refusal is a 400 naming the field. */
export function validateAuthConfig(
  input: AuthConfigInput,
  provider: ProviderType,
  now: Date,
): ValidAuthConfig {
  const method = input.auth_method;
  const refuse = (code: string, message: string, field: string) => {
    throw new FhirProviderError('invalid', `FHIR_PROVIDER.${code}`, message, [
      { field, problems: [message] },
    ]);
  };
  if (input.role !== undefined && input.scopes !== undefined) {
    refuse('ROLE_AND_SCOPES', 'Give either role or scopes, not both', 'role');
  }
  if ((input.role !== undefined || input.scopes !== undefined) && !TOKEN_METHODS.has(method)) {
    refuse(
      'ROLE_OR_SCOPES_NOT_ALLOWED',
      `role and scopes apply only to client_secret, jwt and on_behalf_of (not ${method})`,
      input.role !== undefined ? 'role' : 'scopes',
    );
  }
  if (TOKEN_METHODS.has(method) && !input.client_id) {
    refuse('CLIENT_ID_REQUIRED', `client_id is required for ${method}`, 'client_id');
  }
  if (!TOKEN_METHODS.has(method) && input.client_id !== undefined) {
    refuse('CLIENT_ID_NOT_ALLOWED', `client_id is not used by ${method}`, 'client_id');
  }
  if (SECRET_METHODS.has(method) && !input.client_secret) {
    refuse('CLIENT_SECRET_REQUIRED', `client_secret is required for ${method}`, 'client_secret');
  }
  if (!SECRET_METHODS.has(method) && input.client_secret !== undefined) {
    refuse(
      'CLIENT_SECRET_NOT_ALLOWED',
      method === 'jwt'
        ? 'jwt needs no client_secret: the service generates a key pair and signs assertions'
        : `client_secret is not used by ${method}`,
      'client_secret',
    );
  }
  if (input.token_url !== undefined && !TOKEN_METHODS.has(method)) {
    refuse('TOKEN_URL_NOT_ALLOWED', `token_url is not used by ${method}`, 'token_url');
  }
  if (input.token_url !== undefined && !isHttpUrl(input.token_url)) {
    refuse('INVALID_TOKEN_URL', 'token_url must be an absolute http or https URL', 'token_url');
  }
  let serviceAccountKey: ServiceAccountKey | undefined;
  if (method === 'google_healthcare') {
    if (input.service_account_key === undefined) {
      refuse(
        'SERVICE_ACCOUNT_KEY_REQUIRED',
        'service_account_key is required for google_healthcare',
        'service_account_key',
      );
    }
    serviceAccountKey = parseServiceAccountKey(input.service_account_key);
  } else if (input.service_account_key !== undefined) {
    refuse(
      'SERVICE_ACCOUNT_KEY_NOT_ALLOWED',
      `service_account_key is not used by ${method}`,
      'service_account_key',
    );
  }
  let credentialExpiry: Date | undefined;
  if (input.credential_expiry !== undefined) {
    credentialExpiry = new Date(input.credential_expiry);
    if (Number.isNaN(credentialExpiry.getTime())) {
      refuse(
        'INVALID_CREDENTIAL_EXPIRY',
        'credential_expiry must be an ISO 8601 date-time',
        'credential_expiry',
      );
    } else if (credentialExpiry.getTime() <= now.getTime()) {
      refuse(
        'CREDENTIAL_ALREADY_EXPIRED',
        'credential_expiry lies in the past',
        'credential_expiry',
      );
    }
  }
  const scopes = input.scopes?.trim().split(/\s+/).join(' ');
  if (scopes === '') refuse('INVALID_SCOPES', 'scopes must name at least one scope', 'scopes');
  return {
    method,
    clientId: input.client_id,
    clientSecret: input.client_secret,
    role:
      TOKEN_METHODS.has(method) && scopes === undefined
        ? (input.role ?? defaultRole(provider))
        : undefined,
    scopes,
    credentialExpiry,
    tokenUrl: input.token_url,
    serviceAccountKey,
  };
}

/** Medplum (like the sandbox) works with admin access by default; every other server with read. */
export function defaultRole(provider: ProviderType): Role {
  return provider === 'medplum' || provider === 'sandbox' ? 'admin' : 'read';
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
