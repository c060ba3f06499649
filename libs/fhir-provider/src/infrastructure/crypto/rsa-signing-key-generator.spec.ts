import { createPublicKey, verify, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwt } from './jws.js';
import { RsaSigningKeyGenerator } from './rsa-signing-key-generator.js';

describe('RSA signing keys', () => {
  it('make a key pair whose JWK, certificate and RS384 signatures agree', async () => {
    const pair = await new RsaSigningKeyGenerator().generate('clinical-interop backend');
    expect(pair.privateKeyPem).toContain('BEGIN PRIVATE KEY');
    expect(pair.publicJwk).toMatchObject({ kty: 'RSA', e: 'AQAB', alg: 'RS384', use: 'sig' });
    expect(pair.publicJwk.kid).toMatch(/^[\w-]{43}$/);

    const publicKey = createPublicKey({
      key: { kty: 'RSA', n: pair.publicJwk.n, e: pair.publicJwk.e },
      format: 'jwk',
    });
    const certificate = new X509Certificate(pair.certificatePem);
    expect(certificate.subject).toBe('CN=clinical-interop backend');
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.publicKey.equals(publicKey)).toBe(true);
    expect(certificate.verify(publicKey)).toBe(true);
    expect(new Date(certificate.validTo).getTime()).toBeGreaterThan(
      Date.now() + 9 * 365 * 24 * 3600 * 1000,
    );

    const token = signJwt({ iss: 'svc', n: 1 }, pair.privateKeyPem, 'RS384', pair.publicJwk.kid);
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
      alg: 'RS384',
      typ: 'JWT',
      kid: pair.publicJwk.kid,
    });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({ iss: 'svc', n: 1 });
    expect(
      verify(
        'sha384',
        Buffer.from(`${header}.${payload}`),
        publicKey,
        Buffer.from(signature, 'base64url'),
      ),
    ).toBe(true);
  });

  it('give each key pair its own kid', async () => {
    const generator = new RsaSigningKeyGenerator();
    const [a, b] = await Promise.all([generator.generate('a'), generator.generate('b')]);
    expect(a.publicJwk.kid).not.toBe(b.publicJwk.kid);
  });
});
