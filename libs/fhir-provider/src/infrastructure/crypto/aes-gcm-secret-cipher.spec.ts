import { randomBytes } from 'node:crypto';
import { AppError } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { AesGcmSecretCipher } from './aes-gcm-secret-cipher.js';

describe('AesGcmSecretCipher', () => {
  const cipher = new AesGcmSecretCipher(randomBytes(32));

  it('round-trips, with a fresh IV every time and no plaintext in the output', () => {
    const first = cipher.encrypt('s3cret', 'ctx');
    const second = cipher.encrypt('s3cret', 'ctx');
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('s3cret');
    expect(cipher.decrypt(first, 'ctx')).toBe('s3cret');
    expect(cipher.decrypt(cipher.encrypt('', 'ctx'), 'ctx')).toBe('');
  });

  it('refuses another context, a tampered value, or another key, without saying more', () => {
    const value = cipher.encrypt('s3cret', 'account-a/config-1');
    expect(() => cipher.decrypt(value, 'account-b/config-1')).toThrow(AppError);
    const [version, iv, tag, body] = value.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() =>
      cipher.decrypt(
        [version, iv, tag, flipped.toString('base64url')].join('.'),
        'account-a/config-1',
      ),
    ).toThrow(/cannot be decrypted/);
    expect(() =>
      new AesGcmSecretCipher(randomBytes(32)).decrypt(value, 'account-a/config-1'),
    ).toThrow(AppError);
    expect(() => cipher.decrypt('plain', 'x')).toThrow(AppError);
    expect(() => new AesGcmSecretCipher(randomBytes(16))).toThrow(/32-byte/);
  });
});
