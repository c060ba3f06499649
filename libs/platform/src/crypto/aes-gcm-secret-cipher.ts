import { SecretCipher } from '@app/shared';
import { assertKey, openSecret, sealSecret } from './secret-sealing.js';

/**
 * The SecretCipher of every library: AES-256-GCM under the service's ENCRYPTION_KEY.
 * `unreadable` names, in the owning library's words, what to do when a stored value no
 * longer opens (the key changed, or the row was tampered with).
 */
export class AesGcmSecretCipher extends SecretCipher {
  constructor(
    private readonly key: Buffer,
    private readonly unreadable: () => Error,
  ) {
    super();
    assertKey(key);
  }

  encrypt(plaintext: string, context: string): string {
    return sealSecret(this.key, plaintext, context);
  }

  decrypt(value: string, context: string): string {
    const plaintext = openSecret(this.key, value, context);
    if (plaintext === null) throw this.unreadable();
    return plaintext;
  }
}
