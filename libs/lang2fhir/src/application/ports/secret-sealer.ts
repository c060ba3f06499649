/** Encryption at rest for what a job must read back (a caller's passthrough token). */
export abstract class SecretSealer {
  abstract seal(plaintext: string, context: string): string;
  /** The plaintext, or null when the value does not open under this context. */
  abstract open(sealed: string, context: string): string | null;
}
