import type { Provider } from '@nestjs/common';
import { AppConfig, SecretCipher } from '@app/shared';
import { AesGcmSecretCipher } from './aes-gcm-secret-cipher.js';
import { resolveEncryptionKey } from './encryption-key.js';

/**
 * Binds a library's SecretCipher: AES-256-GCM under the service's key. `unreadable` is the
 * library's own error for a stored value that no longer opens.
 */
export function secretCipherProvider(unreadable: () => Error): Provider {
  return {
    provide: SecretCipher,
    inject: [AppConfig],
    useFactory: (config: AppConfig) =>
      new AesGcmSecretCipher(resolveEncryptionKey(config), unreadable),
  };
}
