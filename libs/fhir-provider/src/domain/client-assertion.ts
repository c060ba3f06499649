/** Claims of a SMART Backend Services client assertion (RFC 7523, SMART App Launch §5). */
export interface ClientAssertionClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  jti: string;
}

/** Assertions live five minutes at most, as SMART requires. */
export const ASSERTION_LIFETIME_SECONDS = 300;

export function clientAssertionClaims(
  clientId: string,
  tokenUrl: string,
  now: Date,
  jti: string,
): ClientAssertionClaims {
  const iat = Math.floor(now.getTime() / 1000);
  return {
    iss: clientId,
    sub: clientId,
    aud: tokenUrl,
    iat,
    exp: iat + ASSERTION_LIFETIME_SECONDS,
    jti,
  };
}

/** Claims of a Google service account's JWT-bearer grant (RFC 7523 §2.1). */
export function serviceAccountClaims(
  clientEmail: string,
  tokenUri: string,
  scope: string,
  now: Date,
): Record<string, string | number> {
  const iat = Math.floor(now.getTime() / 1000);
  return { iss: clientEmail, scope, aud: tokenUri, iat, exp: iat + 3600 };
}
