import { describe, expect, it } from 'vitest';
import { parseRetryAfter, retryDelayMs } from './retry-policy.js';

const SETTINGS = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1000 };

describe('retry policy', () => {
  it('backs off exponentially with jitter, capped, for as many retries as configured', () => {
    expect(retryDelayMs(1, undefined, SETTINGS, 0, () => 0)).toBe(50);
    expect(retryDelayMs(1, undefined, SETTINGS, 0, () => 1)).toBe(100);
    expect(retryDelayMs(3, undefined, SETTINGS, 0, () => 1)).toBe(400);
    expect(retryDelayMs(3, undefined, { ...SETTINGS, maxDelayMs: 300 }, 0, () => 1)).toBe(300);
    expect(retryDelayMs(4, undefined, SETTINGS)).toBeUndefined();
  });

  it('honours Retry-After in seconds or as a date, and gives up when it asks too much', () => {
    const now = Date.parse('2024-01-01T00:00:00Z');
    expect(retryDelayMs(1, '0', SETTINGS, now)).toBe(0);
    expect(retryDelayMs(1, '1', SETTINGS, now)).toBe(1000);
    expect(retryDelayMs(1, 'Mon, 01 Jan 2024 00:00:00 GMT', SETTINGS, now + 5)).toBe(0);
    expect(retryDelayMs(1, '120', SETTINGS, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
