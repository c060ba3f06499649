import { describe, expect, it } from 'vitest';
import { isUuid } from './is-uuid.js';

describe('isUuid', () => {
  it('accepts UUIDs in either case and nothing around them', () => {
    expect(isUuid('0b6f4a1e-9c1d-4c57-8f2e-3a9d7b6c5e4f')).toBe(true);
    expect(isUuid('0B6F4A1E-9C1D-4C57-8F2E-3A9D7B6C5E4F')).toBe(true);
    expect(isUuid(' 0b6f4a1e-9c1d-4c57-8f2e-3a9d7b6c5e4f')).toBe(false);
    expect(isUuid('0b6f4a1e9c1d4c578f2e3a9d7b6c5e4f')).toBe(false);
    expect(isUuid('Patient/1')).toBe(false);
  });
});
