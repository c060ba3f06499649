import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppConfig } from '@app/shared';

/**
 * The AES-256 key for secrets at rest: ENCRYPTION_KEY (required in the server profile).
 * In the embedded profile without it, the key file under DATA_DIR/secrets that the FHIR
 * provider library also uses (whichever starts first creates it; `wx` makes that safe).
 */
export function resolveEncryptionKey(config: AppConfig): Buffer {
  if (config.encryptionKey) return Buffer.from(config.encryptionKey, 'base64');
  const directory = resolve(config.dataDir, 'secrets');
  const file = join(directory, 'encryption-key');
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold the base64 of 32 bytes`);
  return key;
}
