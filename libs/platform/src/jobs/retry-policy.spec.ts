import { describe, expect, it } from 'vitest';
import { nextRetryDelay, type RetryPolicy } from './retry-policy.js';

const policy: RetryPolicy = {
  attempts: 5,
  backoffMs: 1_000,
  maxBackoffMs: 30_000,
  retryWindowMs: 600_000,
};

describe('nextRetryDelay', () => {
  it('doubles the delay up to the cap', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((made) => nextRetryDelay(policy, made, 0, 1_000));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('keeps retrying past the attempts while the window lasts, and gives up after both', () => {
    expect(nextRetryDelay(policy, 5, 0, 60_000)).toBe(16_000);
    expect(nextRetryDelay(policy, 40, 0, 599_999)).toBe(30_000);
    expect(nextRetryDelay(policy, 40, 0, 600_000)).toBeUndefined();
  });

  it('makes its attempts even when the window has passed', () => {
    expect(nextRetryDelay(policy, 2, 0, 10_000_000)).toBe(2_000);
    expect(nextRetryDelay({ ...policy, retryWindowMs: 0 }, 5, 0, 0)).toBeUndefined();
  });
});
