import { describe, expect, it } from 'vitest';
import { InMemoryFailedAuthentications } from './in-memory-failed-authentications.js';

describe('failed authentications in memory', () => {
  it('refuses a client id after the maximum failures until its window ends', async () => {
    let now = 1_000_000;
    const failures = new InMemoryFailedAuthentications(3, 60, () => now);
    for (let attempt = 0; attempt < 2; attempt += 1) await failures.record('c1');
    expect(await failures.retryAfterSeconds('c1')).toBe(0);
    await failures.record('c1');
    expect(await failures.retryAfterSeconds('c1')).toBe(60);
    expect(await failures.retryAfterSeconds('c2')).toBe(0);
    now += 59_500;
    expect(await failures.retryAfterSeconds('c1')).toBe(1);
    now += 600;
    expect(await failures.retryAfterSeconds('c1')).toBe(0);
    await failures.record('c1');
    expect(await failures.retryAfterSeconds('c1')).toBe(0);
  });
});
