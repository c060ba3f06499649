import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { AppError, OutageLog } from '@app/shared';
import type { Redis } from 'ioredis';

/** When Redis does not answer: let requests through unlimited (`open`) or answer 503 (`closed`). */
export type RateLimitFailureMode = 'open' | 'closed';

// One round trip: count the hit, start the window on the first hit, block past the limit.
const INCREMENT_SCRIPT = `
local blockTtl = redis.call('PTTL', KEYS[2])
if blockTtl > 0 then
  return { tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1]), 1, blockTtl }
end
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  return { hits, ttl, 1, tonumber(ARGV[3]) }
end
return { hits, ttl, 0, 0 }
`;

/**
 * Rate-limit counters shared by every API replica (server profile). The connection fails
 * fast (no offline queue, a command timeout), so a Redis outage costs a request at most
 * that timeout; what happens then is the failure mode's choice, logged once per outage.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimit');
  private readonly outage = new OutageLog();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onRedisError: RateLimitFailureMode = 'open',
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ) {
    const base = `${this.prefix}:throttle:${throttlerName}:${key}`;
    const block = blockDuration > 0 ? blockDuration : ttl;
    let answer: number[];
    try {
      answer = (await this.redis.eval(
        INCREMENT_SCRIPT,
        2,
        base,
        `${base}:blocked`,
        ttl,
        limit,
        block,
      )) as number[];
    } catch (error) {
      if (this.outage.failure())
        this.logger.error(
          `Redis unavailable, rate limiting fails ${this.onRedisError}: ${error instanceof Error ? error.message : String(error)}`,
        );
      if (this.onRedisError === 'closed')
        throw AppError.unavailable('Rate limiting is unavailable; retry later');
      return { totalHits: 0, timeToExpire: 0, isBlocked: false, timeToBlockExpire: 0 };
    }
    const [hits, ttlMs, blocked, blockMs] = answer;
    return {
      totalHits: hits,
      timeToExpire: Math.max(0, Math.ceil(ttlMs / 1000)),
      isBlocked: blocked === 1,
      timeToBlockExpire: Math.max(0, Math.ceil(blockMs / 1000)),
    };
  }
}
