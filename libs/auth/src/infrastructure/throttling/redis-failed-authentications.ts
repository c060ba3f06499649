import type { Redis } from 'ioredis';
import { FailedAuthentications } from '../../application/ports/failed-authentications.js';

/** A Redis call that does not answer within this time is treated as "no count known". */
const REDIS_TIMEOUT_MS = 500;

function withTimeout<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), REDIS_TIMEOUT_MS);
  });
  return Promise.race([work.catch(() => fallback), timeout]).finally(() => clearTimeout(timer));
}

/**
 * The count in Redis (server profile), shared by every API replica: INCR with the window
 * set on the first failure. When Redis does not answer the limiter fails open; the
 * per-address rate limit still applies.
 */
export class RedisFailedAuthentications extends FailedAuthentications {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly maxFailures: number,
    private readonly windowSeconds: number,
  ) {
    super();
  }

  private key(clientId: string): string {
    return `${this.prefix}auth-failures:${clientId}`;
  }

  async retryAfterSeconds(clientId: string): Promise<number> {
    const key = this.key(clientId);
    const [failures, ttl] = await withTimeout(
      Promise.all([this.redis.get(key), this.redis.ttl(key)]),
      [null, -2] as [string | null, number],
    );
    if (failures === null || Number(failures) < this.maxFailures) return 0;
    return Math.max(1, ttl);
  }

  async record(clientId: string): Promise<void> {
    const key = this.key(clientId);
    await withTimeout(
      this.redis.multi().incr(key).expire(key, this.windowSeconds, 'NX').exec(),
      null,
    );
  }
}
