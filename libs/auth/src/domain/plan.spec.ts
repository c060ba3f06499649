import { describe, expect, it } from 'vitest';
import { isPlan, planAllows } from './plan.js';

describe('plans', () => {
  it('knows free and paid only', () => {
    expect(isPlan('free')).toBe(true);
    expect(isPlan('paid')).toBe(true);
    expect(isPlan('enterprise')).toBe(false);
    expect(isPlan(undefined)).toBe(false);
  });

  it('lets paid do what free does, not the reverse', () => {
    expect(planAllows('paid', 'free')).toBe(true);
    expect(planAllows('paid', 'paid')).toBe(true);
    expect(planAllows('free', 'paid')).toBe(false);
  });
});
