import { describe, expect, it } from 'vitest';
import { generateClientSecret, hashClientSecret, verifyClientSecret } from './client-secret.js';

describe('client secrets', () => {
  it('are random, URL-safe and 43 characters long', () => {
    const first = generateClientSecret();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateClientSecret()).not.toBe(first);
  });

  it('are stored as salted scrypt hashes that verify only the right secret', async () => {
    const secret = generateClientSecret();
    const hash = await hashClientSecret(secret);
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(hash).not.toContain(secret);
    expect(await hashClientSecret(secret)).not.toBe(hash);
    expect(await verifyClientSecret(secret, hash)).toBe(true);
    expect(await verifyClientSecret(`${secret}x`, hash)).toBe(false);
  });

  it('treats an unknown hash format as a mismatch', async () => {
    expect(await verifyClientSecret('s', 'bcrypt$2b$10$abc')).toBe(false);
    expect(await verifyClientSecret('s', '')).toBe(false);
  });
});
