import { describe, expect, it } from 'vitest';
import { planAllows } from './plan.js';

describe('plans', () => {
  it('lets paid do what free does, not the reverse', () => {
    expect(planAllows('paid', 'free')).toBe(true);
    expect(planAllows('paid', 'paid')).toBe(true);
    expect(planAllows('free', 'paid')).toBe(false);
  });
});
