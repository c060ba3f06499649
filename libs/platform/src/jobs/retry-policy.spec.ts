import { describe, expect, it } from 'vitest';
import { nextRetryDelay, type RetryPolicy } from './retry-policy.js';

const policy: RetryPolicy = {
  attempts: 5,
  backoffMs: 1_000,
  maxBackoffMs: 30_000,
  retryWindowMs: 600_000,
};
/** What node-postgres rejects with while the database is down. */
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});
const refusedRow = Object.assign(new Error('violates check constraint'), { code: '23514' });

describe('nextRetryDelay', () => {
  it('doubles the delay up to the cap', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((made) =>
      nextRetryDelay(policy, made, 0, 1_000, refused),
    );
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('keeps retrying past the attempts while a dependency is down and the window lasts', () => {
    expect(nextRetryDelay(policy, 5, 0, 60_000, refused)).toBe(16_000);
    expect(nextRetryDelay(policy, 40, 0, 599_999, refused)).toBe(30_000);
    expect(nextRetryDelay(policy, 40, 0, 600_000, refused)).toBeUndefined();
  });

  it('gives up after the attempts on any other failure', () => {
    expect(nextRetryDelay(policy, 4, 0, 1_000, refusedRow)).toBe(8_000);
    expect(nextRetryDelay(policy, 5, 0, 1_000, refusedRow)).toBeUndefined();
    expect(nextRetryDelay(policy, 5, 0, 1_000, new Error('endpoint answered 500'))).toBeUndefined();
  });

  it('makes its attempts even when the window has passed', () => {
    expect(nextRetryDelay(policy, 2, 0, 10_000_000, refused)).toBe(2_000);
    expect(nextRetryDelay({ ...policy, retryWindowMs: 0 }, 5, 0, 0, refused)).toBeUndefined();
  });
});
