import { sign } from 'node:crypto';

export type SigningAlgorithm = 'RS256' | 'RS384';

const DIGEST: Record<SigningAlgorithm, string> = { RS256: 'sha256', RS384: 'sha384' };

/** A compact JWS (RFC 7515) signed with RSASSA-PKCS1-v1_5. */
export function signJwt(
  claims: object,
  privateKeyPem: string,
  algorithm: SigningAlgorithm,
  keyId?: string,
): string {
  const header = { alg: algorithm, typ: 'JWT', ...(keyId ? { kid: keyId } : {}) };
  const input = `${encode(header)}.${encode(claims)}`;
  const signature = sign(DIGEST[algorithm], Buffer.from(input), privateKeyPem).toString(
    'base64url',
  );
  return `${input}.${signature}`;
}

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
