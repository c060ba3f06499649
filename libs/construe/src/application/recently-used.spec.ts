import { describe, expect, it } from 'vitest';
import { RecentlyUsed } from './recently-used.js';

describe('RecentlyUsed', () => {
  it('builds a value once and returns it on later uses', async () => {
    const cache = new RecentlyUsed<number>(2);
    let builds = 0;
    const build = () => Promise.resolve(++builds);
    expect(await cache.get('a', build)).toBe(1);
    expect(await cache.get('a', build)).toBe(1);
    expect(builds).toBe(1);
  });

  it('drops the least recently used key beyond its capacity', async () => {
    const cache = new RecentlyUsed<string>(2);
    const built: string[] = [];
    const build = (key: string) => () => {
      built.push(key);
      return Promise.resolve(key);
    };
    await cache.get('a', build('a'));
    await cache.get('b', build('b'));
    await cache.get('a', build('a')); // a is now the most recent
    await cache.get('c', build('c')); // b goes
    await cache.get('a', build('a'));
    await cache.get('b', build('b'));
    expect(built).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not keep a failed build', async () => {
    const cache = new RecentlyUsed<string>(2);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('a', () => Promise.resolve('up'))).toBe('up');
  });
});
