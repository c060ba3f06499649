import { describe, expect, it } from 'vitest';
import { isR4 } from './text-limits.js';

describe('isR4', () => {
  it('takes an absent or null version as R4 (a JSON null passes @IsOptional) instead of throwing', () => {
    expect(isR4(undefined)).toBe(true);
    expect(isR4(null)).toBe(true);
    expect(isR4(' 4.0.1 ')).toBe(true);
    expect(isR4('R5')).toBe(false);
  });
});
