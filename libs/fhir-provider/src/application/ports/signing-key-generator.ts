import type { PublicJwk } from '../../domain/auth-config.js';

export interface SigningKeyPair {
  /** PKCS#8 PEM; encrypted before it is stored, never returned. */
  privateKeyPem: string;
  publicJwk: PublicJwk;
  /** A self-signed X.509 certificate of the public key, for servers that register certificates. */
  certificatePem: string;
}

/** Makes the RSA key pair of a `jwt` auth configuration (SMART Backend Services). */
export abstract class SigningKeyGenerator {
  abstract generate(subject: string): Promise<SigningKeyPair>;
}
