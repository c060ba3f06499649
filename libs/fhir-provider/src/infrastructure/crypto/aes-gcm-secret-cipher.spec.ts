import { randomBytes } from 'node:crypto';
import { AppError } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { AesGcmSecretCipher } from './aes-gcm-secret-cipher.js';

describe('AesGcmSecretCipher', () => {
  const cipher = new AesGcmSecretCipher(randomBytes(32));

  it('round-trips a secret bound to its context', () => {
    expect(cipher.decrypt(cipher.encrypt('s3cret', 'ctx'), 'ctx')).toBe('s3cret');
  });

  it('answers an unreadable secret with an error that says what to do', () => {
    const value = cipher.encrypt('s3cret', 'a');
    expect(() => cipher.decrypt(value, 'b')).toThrow(AppError);
    expect(() => cipher.decrypt(value, 'b')).toThrow(/credential cannot be decrypted/);
    expect(() => new AesGcmSecretCipher(randomBytes(16))).toThrow(/32-byte/);
  });
});
