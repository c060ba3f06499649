import { createHash } from 'node:crypto';

export const SANDBOX_PROVIDER_NAME = 'sandbox';
export const SANDBOX_DESCRIPTION =
  "The service's own FHIR R4 server for this account (data stays in the service's database)";

// Namespace of the name-based UUIDs of sandbox providers (RFC 9562 §5.5).
const NAMESPACE = Buffer.from('6b0f2f9e3d5c4e1a8f7b2c9d0e1f3a4b', 'hex');

/** Every account's sandbox provider has a stable id derived from the account id (UUID v5). */
export function sandboxProviderId(accountId: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(accountId.toLowerCase()).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether a provider id or name a caller gave means the sandbox of `accountId`. */
export function isSandboxReference(accountId: string, reference: string): boolean {
  const trimmed = reference.trim().toLowerCase();
  return trimmed === SANDBOX_PROVIDER_NAME || trimmed === sandboxProviderId(accountId);
}

export interface SandboxProvider {
  id: string;
  name: string;
  provider: 'sandbox';
  description: string;
}

export function sandboxProvider(accountId: string): SandboxProvider {
  return {
    id: sandboxProviderId(accountId),
    name: SANDBOX_PROVIDER_NAME,
    provider: 'sandbox',
    description: SANDBOX_DESCRIPTION,
  };
}
