import { openSecret, sealSecret } from '@app/platform';
import { SecretSealer } from '../../application/ports/secret-sealer.js';

/** AES-256-GCM with the service's encryption key (ENCRYPTION_KEY, or the embedded key file). */
export class AesGcmSecretSealer extends SecretSealer {
  constructor(private readonly key: Buffer) {
    super();
  }

  seal(plaintext: string, context: string): string {
    return sealSecret(this.key, plaintext, context);
  }

  open(sealed: string, context: string): string | null {
    return openSecret(this.key, sealed, context);
  }
}
