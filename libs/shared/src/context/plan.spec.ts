import { describe, expect, it } from 'vitest';
import { isPlan } from './plan.js';

describe('plans', () => {
  it('knows free and paid only', () => {
    expect(isPlan('free')).toBe(true);
    expect(isPlan('paid')).toBe(true);
    expect(isPlan('enterprise')).toBe(false);
    expect(isPlan(undefined)).toBe(false);
  });
});
