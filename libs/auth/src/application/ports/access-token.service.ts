export interface AccessTokenClaims {
  clientId: string;
  accountId: string;
}

export type TokenVerification =
  { valid: true; claims: AccessTokenClaims } | { valid: false; reason: 'expired' | 'invalid' };

export abstract class AccessTokenService {
  abstract readonly ttlSeconds: number;
  abstract sign(claims: AccessTokenClaims): Promise<string>;
  abstract verify(token: string): Promise<TokenVerification>;
}
