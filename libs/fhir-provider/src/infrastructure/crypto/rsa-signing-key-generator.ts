import { createHash, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import {
  SigningKeyGenerator,
  type SigningKeyPair,
} from '../../application/ports/signing-key-generator.js';
import type { PublicJwk } from '../../domain/auth-config.js';
import { selfSignedCertificatePem } from './self-signed-certificate.js';

const generate = promisify(generateKeyPair);

/** RSA 2048 key pairs for RS384 client assertions; `kid` is the RFC 7638 thumbprint. */
export class RsaSigningKeyGenerator extends SigningKeyGenerator {
  async generate(subject: string): Promise<SigningKeyPair> {
    const { publicKey, privateKey } = await generate('rsa', { modulusLength: 2048 });
    return {
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicJwk: publicJwkOf(publicKey),
      certificatePem: selfSignedCertificatePem(subject, publicKey, privateKey),
    };
  }
}

export function publicJwkOf(publicKey: KeyObject): PublicJwk {
  const { n, e } = publicKey.export({ format: 'jwk' });
  if (typeof n !== 'string' || typeof e !== 'string') throw new Error('Not an RSA public key');
  const kid = createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url');
  return { kty: 'RSA', n, e, kid, alg: 'RS384', use: 'sig' };
}
