import { describe, expect, it } from 'vitest';
import { TokenCache } from './token-cache.js';

describe('TokenCache', () => {
  it('reuses a token until shortly before it expires, then fetches a new one', async () => {
    let now = 0;
    let issued = 0;
    const cache = new TokenCache(() => now);
    const fetch = () => Promise.resolve({ accessToken: `t${++issued}`, expiresIn: 300 });
    expect(await cache.get('c1|read', fetch)).toBe('t1');
    now = 269_000;
    expect(await cache.get('c1|read', fetch)).toBe('t1');
    now = 270_000;
    expect(await cache.get('c1|read', fetch)).toBe('t2');
  });

  it('shares one token request between concurrent callers, and not after a failure', async () => {
    let calls = 0;
    const cache = new TokenCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetch = async () => {
      calls++;
      await gate;
      return { accessToken: 'shared', expiresIn: 300 };
    };
    const both = Promise.all([cache.get('k|s', fetch), cache.get('k|s', fetch)]);
    release();
    expect(await both).toEqual(['shared', 'shared']);
    expect(calls).toBe(1);

    await expect(cache.get('x|s', () => Promise.reject(new Error('refused')))).rejects.toThrow(
      'refused',
    );
    expect(
      await cache.get('x|s', () => Promise.resolve({ accessToken: 'later', expiresIn: 300 })),
    ).toBe('later');
  });

  it('forgets on demand: one key, or every key of a configuration', async () => {
    const cache = new TokenCache();
    let issued = 0;
    const fetch = () => Promise.resolve({ accessToken: `t${++issued}`, expiresIn: 300 });
    await cache.get('c1|a', fetch);
    await cache.get('c1|b', fetch);
    await cache.get('c2|a', fetch);
    cache.invalidate('c1|a');
    expect(await cache.get('c1|a', fetch)).toBe('t4');
    cache.forget(['c1']);
    expect(await cache.get('c1|b', fetch)).toBe('t5');
    expect(await cache.get('c2|a', fetch)).toBe('t3');
  });
});
