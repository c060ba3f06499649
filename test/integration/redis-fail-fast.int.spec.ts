import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failFastRedisOptions, RedisThrottlerStorage } from '@app/platform';
import { AppError } from '@app/shared';
import { Redis } from 'ioredis';
import { startPrivateRedis, type PrivateService } from '../support/private-services.js';
import { uniqueName } from '../support/server-resources.js';

// A Redis of this test's own, stopped while the rate limiter keeps being asked.
describe('rate limiter while Redis is down (fail-fast connection)', () => {
  let redis: PrivateService;
  let client: Redis;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    client = new Redis(failFastRedisOptions(redis.url, 500));
    client.on('error', () => undefined);
    // No offline queue: commands sent before the connection is ready would fail.
    await new Promise((resolve) => client.once('ready', resolve));
  });

  afterAll(async () => {
    client?.disconnect();
    await redis?.destroy();
  });

  it('answers at once while Redis is down: open lets the request through, closed refuses it with 503 and Retry-After; counts again once Redis is back', async () => {
    const open = new RedisThrottlerStorage(client, uniqueName('ci'), 'open');
    const closed = new RedisThrottlerStorage(client, uniqueName('ci'), 'closed');
    expect((await open.increment('a', 60_000, 10, 0, 'default')).totalHits).toBe(1);

    await redis.stop();
    const started = Date.now();
    const passed = await open.increment('a', 60_000, 10, 0, 'default');
    const refused = await closed
      .increment('a', 60_000, 10, 0, 'default')
      .catch((error: unknown) => error);
    const elapsed = Date.now() - started;

    expect(passed).toMatchObject({ isBlocked: false });
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, headers: { 'Retry-After': expect.any(String) } });
    // Well within the 3 s a request may take during an outage (the command timeout is 500 ms).
    expect(elapsed).toBeLessThan(1_500);

    await redis.start();
    const deadline = Date.now() + 15_000;
    let hits = 0;
    while (hits === 0 && Date.now() < deadline) {
      hits = (await open.increment('b', 60_000, 10, 0, 'default')).totalHits;
      if (hits === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(hits).toBe(1);
  });
});
