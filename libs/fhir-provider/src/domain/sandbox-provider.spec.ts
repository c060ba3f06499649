import { describe, expect, it } from 'vitest';
import { isSandboxReference, sandboxProvider, sandboxProviderId } from './sandbox-provider.js';

const ACCOUNT = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('sandbox provider', () => {
  it('has a stable name-based UUID (v5) per account', () => {
    const id = sandboxProviderId(ACCOUNT);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sandboxProviderId(ACCOUNT.toUpperCase())).toBe(id);
    expect(sandboxProviderId('11111111-1111-4111-8111-111111111111')).not.toBe(id);
  });

  it('is what "sandbox" or its id refer to, for its own account only', () => {
    expect(isSandboxReference(ACCOUNT, 'Sandbox')).toBe(true);
    expect(isSandboxReference(ACCOUNT, sandboxProviderId(ACCOUNT))).toBe(true);
    expect(
      isSandboxReference(ACCOUNT, sandboxProviderId('11111111-1111-4111-8111-111111111111')),
    ).toBe(false);
    expect(sandboxProvider(ACCOUNT)).toEqual({
      id: sandboxProviderId(ACCOUNT),
      name: 'sandbox',
      provider: 'sandbox',
      description: expect.any(String),
    });
  });
});
