import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-sealing.js';

describe('sealSecret / openSecret', () => {
  const key = randomBytes(32);

  it('round-trips, with a fresh IV every time and no plaintext in the output', () => {
    const first = sealSecret(key, 's3cret', 'ctx');
    const second = sealSecret(key, 's3cret', 'ctx');
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('s3cret');
    expect(openSecret(key, first, 'ctx')).toBe('s3cret');
    expect(openSecret(key, sealSecret(key, '', 'ctx'), 'ctx')).toBe('');
  });

  it('opens nothing under another context, after tampering, or with another key', () => {
    const value = sealSecret(key, 's3cret', 'account-a/config-1');
    expect(openSecret(key, value, 'account-b/config-1')).toBeNull();
    const [version, iv, tag, body] = value.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    const tampered = [version, iv, tag, flipped.toString('base64url')].join('.');
    expect(openSecret(key, tampered, 'account-a/config-1')).toBeNull();
    expect(openSecret(randomBytes(32), value, 'account-a/config-1')).toBeNull();
    expect(openSecret(key, 'plain', 'x')).toBeNull();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => sealSecret(randomBytes(16), 'x', 'ctx')).toThrow(/32-byte/);
  });
});
