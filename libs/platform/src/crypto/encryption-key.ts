import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppConfig } from '@app/shared';

const KEY_FILE = 'encryption-key';

/**
 * The AES-256 key for secrets at rest: ENCRYPTION_KEY (required in the server profile,
 * shared by replicas). The embedded profile, when none is set, makes one on first start
 * and keeps it under DATA_DIR/secrets, so stored credentials stay readable after restarts.
 */
export function resolveEncryptionKey(config: AppConfig): Buffer {
  if (config.encryptionKey) return Buffer.from(config.encryptionKey, 'base64');
  const directory = resolve(config.dataDir, 'secrets');
  const file = join(directory, KEY_FILE);
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
