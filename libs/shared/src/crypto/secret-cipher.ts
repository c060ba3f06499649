/**
 * Encryption of secrets at rest. `context` is bound to the ciphertext (authenticated
 * data), so a ciphertext copied into another row or field does not decrypt.
 */
export abstract class SecretCipher {
  abstract encrypt(plaintext: string, context: string): string;
  abstract decrypt(ciphertext: string, context: string): string;
}
