import { describe, expect, it } from 'vitest';
import { RunScopedCache } from './run-scoped-cache.js';

function counting() {
  let built = 0;
  return { build: (label: string) => () => `${label}#${++built}`, built: () => built };
}

describe('RunScopedCache', () => {
  it('builds a run’s value once and hands the same value to its later batches', () => {
    const cache = new RunScopedCache<string>(2, 60_000, () => 0);
    const { build, built } = counting();
    expect(cache.get('db|cdm', 'run-1', build('a'))).toBe('a#1');
    expect(cache.get('db|cdm', 'run-1', build('a'))).toBe('a#1');
    expect(built()).toBe(1);
  });

  it('replaces the previous run of the same schema instead of keeping both', () => {
    const cache = new RunScopedCache<string>(2, 60_000, () => 0);
    const { build } = counting();
    cache.get('db|cdm', 'run-1', build('first'));
    expect(cache.get('db|cdm', 'run-2', build('second'))).toBe('second#2');
    expect(cache.size).toBe(1);
    // The first run is gone: asking for it again builds it anew.
    expect(cache.get('db|cdm', 'run-1', build('first'))).toBe('first#3');
  });

  it('keeps runs of different schemas side by side, up to the bound, least recently used out first', () => {
    const cache = new RunScopedCache<string>(2, 60_000, () => 0);
    const { build } = counting();
    cache.get('db|a', 'r', build('a'));
    cache.get('db|b', 'r', build('b'));
    cache.get('db|a', 'r', build('a'));
    cache.get('db|c', 'r', build('c'));
    expect(cache.size).toBe(2);
    expect(cache.get('db|a', 'r', build('a'))).toBe('a#1');
    expect(cache.get('db|b', 'r', build('b'))).toBe('b#4');
  });

  it('drops what was not used for the idle time', () => {
    let now = 0;
    const cache = new RunScopedCache<string>(2, 1_000, () => now);
    const { build } = counting();
    cache.get('db|a', 'r', build('a'));
    now = 500;
    cache.get('db|b', 'r', build('b'));
    now = 1_200;
    cache.sweep();
    expect(cache.size).toBe(1);
    expect(cache.get('db|b', 'r', build('b'))).toBe('b#2');
    expect(cache.get('db|a', 'r', build('a'))).toBe('a#3');
  });

  it('forgets a run’s value on request, and only that run’s', () => {
    const cache = new RunScopedCache<string>(2, 60_000, () => 0);
    const { build } = counting();
    cache.get('db|a', 'r2', build('a'));
    cache.forget('db|a', 'r1');
    expect(cache.size).toBe(1);
    cache.forget('db|a', 'r2');
    expect(cache.size).toBe(0);
  });
});
