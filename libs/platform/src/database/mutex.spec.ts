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
