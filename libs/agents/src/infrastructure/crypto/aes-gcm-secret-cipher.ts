import { assertKey, openSecret, sealSecret } from '@app/platform';
import { AppError } from '@app/shared';
import { SecretCipher } from '../../application/ports/secret-cipher.js';
import { AgentsErrorCodes } from '../../domain/agents-errors.js';

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
        AgentsErrorCodes.SECRET_UNREADABLE,
        'Stored tool server headers cannot be decrypted (was ENCRYPTION_KEY changed?); register the server again',
      );
    }
    return plaintext;
  }
}
