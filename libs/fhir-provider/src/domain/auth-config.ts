export const AUTH_METHODS = [
  'client_secret',
  'jwt',
  'on_behalf_of',
  'token_passthrough',
  'google_healthcare',
  'none',
] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

export const ROLES = ['admin', 'read', 'write'] as const;
export type Role = (typeof ROLES)[number];

/** A public RSA key in JWK form (RFC 7517), as published in the provider's JWKS. */
export interface PublicJwk {
  kty: 'RSA';
  n: string;
  e: string;
  kid: string;
  alg: 'RS384';
  use: 'sig';
}

/**
 * One way of authenticating to a provider. Secret material is held only as ciphertext
 * (AES-256-GCM) and is never part of any view.
 */
export interface AuthConfig {
  id: string;
  method: AuthMethod;
  clientId?: string;
  role?: Role;
  scopes?: string;
  credentialExpiry?: Date;
  /** Explicit token endpoint; otherwise discovered from the server's SMART configuration. */
  tokenUrl?: string;
  /** client_secret and on_behalf_of: the OAuth client secret. */
  encryptedSecret?: string;
  /** jwt: the PKCS#8 private key; google_healthcare: the service account key JSON. */
  encryptedPrivateKey?: string;
  publicJwk?: PublicJwk;
  certificatePem?: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Methods that fetch OAuth tokens, and so take a role or scopes. */
export const TOKEN_METHODS: ReadonlySet<AuthMethod> = new Set([
  'client_secret',
  'jwt',
  'on_behalf_of',
]);

/** SMART v1 system scopes for a role. */
const ROLE_SCOPES: Record<Role, string> = {
  read: 'system/*.read',
  write: 'system/*.read system/*.write',
  admin: 'system/*.*',
};

/** The scope string sent to the token endpoint: explicit scopes, else the role's. */
export function requestedScopes(config: Pick<AuthConfig, 'role' | 'scopes'>): string {
  return config.scopes ?? ROLE_SCOPES[config.role ?? 'read'];
}

export function isExpired(config: Pick<AuthConfig, 'credentialExpiry'>, now: Date): boolean {
  return (
    config.credentialExpiry !== undefined && config.credentialExpiry.getTime() <= now.getTime()
  );
}
