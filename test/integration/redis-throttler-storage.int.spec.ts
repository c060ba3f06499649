import { afterAll, describe, expect, it } from 'vitest';
import { RedisThrottlerStorage } from '@app/platform';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL, uniqueName } from '../support/server-resources.js';

describe('RedisThrottlerStorage on a real Redis', () => {
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = uniqueName('ci');
  const storage = new RedisThrottlerStorage(redis, prefix);

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts hits within the window and blocks past the limit', async () => {
    const hits = [];
    for (let hit = 0; hit < 4; hit++)
      hits.push(await storage.increment('client-a', 10_000, 3, 0, 'default'));
    expect(hits.map((record) => record.totalHits)).toEqual([1, 2, 3, 4]);
    expect(hits.map((record) => record.isBlocked)).toEqual([false, false, false, true]);
    expect(hits[3].timeToBlockExpire).toBeGreaterThan(0);
    expect(hits[0].timeToExpire).toBeLessThanOrEqual(10);
  });

  it('keeps separate counters per key, shared by every storage on the same prefix', async () => {
    const replica = new RedisThrottlerStorage(redis, prefix);
    await storage.increment('client-b', 10_000, 5, 0, 'default');
    expect((await replica.increment('client-b', 10_000, 5, 0, 'default')).totalHits).toBe(2);
  });

  it('opens a new window once the old one expires', async () => {
    await storage.increment('client-c', 200, 1, 200, 'default');
    expect((await storage.increment('client-c', 200, 1, 200, 'default')).isBlocked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 450));
    const fresh = await storage.increment('client-c', 200, 1, 200, 'default');
    expect(fresh).toMatchObject({ totalHits: 1, isBlocked: false });
  });
});
