import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppConfig } from '@app/shared';

/**
 * The token signing key. The server profile requires JWT_SECRET (shared by replicas).
 * The embedded profile, when none is set, makes one on first start and keeps it in
 * DATA_DIR so tokens stay valid across restarts.
 */
export function resolveSigningSecret(config: AppConfig): string {
  if (config.jwtSecret) return config.jwtSecret;
  const directory = resolve(config.dataDir, 'secrets');
  const file = join(directory, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
