import { randomBytes, sign, type KeyObject } from 'node:crypto';
import {
  bitString,
  explicit,
  integer,
  NULL,
  objectIdentifier,
  sequence,
  set,
  time,
  utf8String,
} from './der.js';

const SHA384_WITH_RSA = '1.2.840.113549.1.1.12';
const COMMON_NAME = '2.5.4.3';
const VALIDITY_YEARS = 10;

/**
 * A self-signed X.509 v3 certificate (sha384WithRSAEncryption) of a key pair, for FHIR
 * servers that register a public key as a certificate rather than a JWKS URL.
 */
export function selfSignedCertificatePem(
  commonName: string,
  publicKey: KeyObject,
  privateKey: KeyObject,
  now: Date = new Date(),
): string {
  const algorithm = sequence(objectIdentifier(SHA384_WITH_RSA), NULL);
  const name = sequence(set(sequence(objectIdentifier(COMMON_NAME), utf8String(commonName))));
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(now.getUTCFullYear() + VALIDITY_YEARS);
  const serial = randomBytes(16);
  serial[0] &= 0x7f;
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    algorithm,
    name,
    sequence(time(now), time(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const certificate = sequence(tbs, algorithm, bitString(sign('sha384', tbs, privateKey)));
  const body = certificate
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '');
  return `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
}
