import { describe, expect, it } from 'vitest';
import { Mutex } from './mutex.js';

describe('Mutex', () => {
  it('grants the lease to one holder at a time, in arrival order', async () => {
    const mutex = new Mutex();
    const events: string[] = [];
    const holder = async (name: string, work: number) => {
      const release = await mutex.acquire();
      events.push(`${name}:in`);
      await new Promise((resolve) => setTimeout(resolve, work));
      events.push(`${name}:out`);
      release();
    };
    await Promise.all([holder('a', 20), holder('b', 1), holder('c', 5)]);
    expect(events).toEqual(['a:in', 'a:out', 'b:in', 'b:out', 'c:in', 'c:out']);
  });
});

describe('Mutex lanes', () => {
  it('lets foreground waiters go before background ones, each lane in arrival order', async () => {
    const mutex = new Mutex();
    const events: string[] = [];
    const holder = async (name: string, background: boolean) => {
      const release = await mutex.acquire(background);
      events.push(name);
      await new Promise((resolve) => setTimeout(resolve, 2));
      release();
    };
    const first = holder('bulk-1', true);
    await Promise.resolve();
    await Promise.all([
      first,
      holder('bulk-2', true),
      holder('bulk-3', true),
      holder('ping-1', false),
      holder('ping-2', false),
    ]);
    expect(events).toEqual(['bulk-1', 'ping-1', 'ping-2', 'bulk-2', 'bulk-3']);
  });

  it('ignores a second call of the same release', async () => {
    const mutex = new Mutex();
    const release = await mutex.acquire();
    const waiting = mutex.acquire();
    release();
    const second = await waiting;
    release();
    let third = false;
    void mutex.acquire().then(() => (third = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(third).toBe(false);
    second();
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(third).toBe(true);
  });
});
