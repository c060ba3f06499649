import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight.js';

/** A read that finishes when the test says so. */
function controlledRead<V>() {
  let finish!: (value: V) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<V>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

describe('InFlight', () => {
  it('gives every caller that asks during a read the same read', async () => {
    const reads = new InFlight<string[]>();
    const pending = controlledRead<string[]>();
    let started = 0;
    const read = () => {
      started++;
      return pending.promise;
    };
    const first = reads.get('icd', read);
    const second = reads.get('icd', read);
    pending.finish(['A00']);
    expect(await first).toBe(await second);
    expect(started).toBe(1);
  });

  it('reads different keys apart, and a key again once its read is over', async () => {
    const reads = new InFlight<string>();
    const started: string[] = [];
    const read = (key: string) => () => {
      started.push(key);
      return Promise.resolve(key);
    };
    await Promise.all([reads.get('a', read('a')), reads.get('b', read('b'))]);
    await reads.get('a', read('a'));
    expect(started).toEqual(['a', 'b', 'a']);
  });

  it('does not keep a failed read', async () => {
    const reads = new InFlight<number>();
    const failing = controlledRead<number>();
    const first = reads.get('x', () => failing.promise);
    failing.fail(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    expect(await reads.get('x', () => Promise.resolve(2))).toBe(2);
  });
});
