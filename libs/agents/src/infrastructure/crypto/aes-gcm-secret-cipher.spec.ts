import { describe, expect, it } from 'vitest';
import { AesGcmSecretCipher } from './aes-gcm-secret-cipher.js';

describe('secrets at rest', () => {
  const cipher = new AesGcmSecretCipher(Buffer.alloc(32, 7));

  it('decrypts what it encrypted, with a fresh ciphertext each time', () => {
    const one = cipher.encrypt('{"X-Api-Key":"k"}', 'ctx');
    const two = cipher.encrypt('{"X-Api-Key":"k"}', 'ctx');
    expect(one).not.toBe(two);
    expect(one).not.toContain('X-Api-Key');
    expect(cipher.decrypt(one, 'ctx')).toBe('{"X-Api-Key":"k"}');
  });

  it('refuses a ciphertext moved to another context or another key', () => {
    const sealed = cipher.encrypt('secret', 'account-a/server-1');
    expect(() => cipher.decrypt(sealed, 'account-b/server-1')).toThrow(/cannot be decrypted/);
    expect(() =>
      new AesGcmSecretCipher(Buffer.alloc(32, 8)).decrypt(sealed, 'account-a/server-1'),
    ).toThrow(/cannot be decrypted/);
    expect(() => cipher.decrypt('garbage', 'account-a/server-1')).toThrow(/cannot be decrypted/);
  });
});
