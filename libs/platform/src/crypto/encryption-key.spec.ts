import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '@app/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveEncryptionKey } from './encryption-key.js';

describe('resolveEncryptionKey', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fhir-provider-key-'));
  afterEach(() => rmSync(join(dataDir, 'secrets'), { recursive: true, force: true }));

  it('uses ENCRYPTION_KEY when set', () => {
    const key = Buffer.alloc(32, 7);
    expect(
      resolveEncryptionKey({ encryptionKey: key.toString('base64'), dataDir } as AppConfig),
    ).toEqual(key);
  });

  it('otherwise makes one under DATA_DIR/secrets, readable only by the owner, and keeps it', () => {
    const first = resolveEncryptionKey({ dataDir } as AppConfig);
    expect(first).toHaveLength(32);
    const file = join(dataDir, 'secrets', 'encryption-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8'), 'base64')).toEqual(first);
    expect(resolveEncryptionKey({ dataDir } as AppConfig)).toEqual(first);
  });
});
