import { assertKey, openSecret, sealSecret } from '@app/platform';
import { AppError } from '@app/shared';
import { SecretCipher } from '../../application/ports/secret-cipher.js';

/** Secrets sealed with AES-256-GCM under the service's ENCRYPTION_KEY (see @app/platform). */
export class AesGcmSecretCipher extends SecretCipher {
  constructor(private readonly key: Buffer) {
    super();
    assertKey(key);
  }

  encrypt(plaintext: string, context: string): string {
    return sealSecret(this.key, plaintext, context);
  }

  decrypt(value: string, context: string): string {
    const plaintext = openSecret(this.key, value, context);
    if (plaintext === null) {
      throw new AppError(
        500,
        'FHIR_PROVIDER.SECRET_UNREADABLE',
        'A stored credential cannot be decrypted (was ENCRYPTION_KEY changed?); add a new auth configuration',
      );
    }
    return plaintext;
  }
}
