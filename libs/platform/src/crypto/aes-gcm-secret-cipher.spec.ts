import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AesGcmSecretCipher } from './aes-gcm-secret-cipher.js';

describe('AesGcmSecretCipher', () => {
  const cipher = new AesGcmSecretCipher(randomBytes(32), () => new Error('register it again'));

  it('round-trips a secret bound to its context', () => {
    expect(cipher.decrypt(cipher.encrypt('s3cret', 'ctx'), 'ctx')).toBe('s3cret');
  });

  it("answers an unreadable secret with the owner's error", () => {
    const value = cipher.encrypt('s3cret', 'a');
    expect(() => cipher.decrypt(value, 'b')).toThrow('register it again');
    expect(() => new AesGcmSecretCipher(randomBytes(16), () => new Error('x'))).toThrow(/32-byte/);
  });
});
