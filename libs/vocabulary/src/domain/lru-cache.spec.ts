import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.js';

describe('LruCache', () => {
  it('forgets the least recently used entry past its capacity', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('caches null results too', () => {
    const cache = new LruCache<number, string | null>(5);
    cache.set(1, null);
    expect(cache.has(1)).toBe(true);
    expect(cache.get(1)).toBeNull();
  });
});
