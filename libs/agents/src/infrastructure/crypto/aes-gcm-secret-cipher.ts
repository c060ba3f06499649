import { AppError } from '@app/shared';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SecretCipher } from '../../application/ports/secret-cipher.js';
import { AgentsErrorCodes } from '../../domain/agents-errors.js';

const VERSION = 'v1';

/**
 * AES-256-GCM with a fresh 96-bit IV per value: `v1.<iv>.<tag>.<ciphertext>` (base64url),
 * the same format and key as the FHIR provider secrets.
 */
export class AesGcmSecretCipher extends SecretCipher {
  constructor(private readonly key: Buffer) {
    super();
    if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  }

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(value: string, context: string): string {
    const [version, iv, tag, ciphertext] = value.split('.');
    try {
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('format');
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new AppError(
        500,
        AgentsErrorCodes.SECRET_UNREADABLE,
        'Stored tool server headers cannot be decrypted (was ENCRYPTION_KEY changed?); register the server again',
      );
    }
  }
}
