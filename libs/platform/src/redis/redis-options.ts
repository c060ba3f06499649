import type { RedisOptions } from 'ioredis';

/** ioredis options from a `redis://user:pass@host:port/db` (or `rediss://`) URL. */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    // BullMQ workers need blocking commands that never give up on their own.
    maxRetriesPerRequest: null,
  };
}

/**
 * For calls made while serving a request (rate limiter, enqueue, health): no offline queue,
 * so a call while Redis is down fails at once instead of waiting for the reconnection,
 * and a timeout for a Redis that accepts connections but does not answer.
 */
export function failFastRedisOptions(url: string, commandTimeoutMs: number): RedisOptions {
  return {
    ...redisOptionsFromUrl(url),
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: commandTimeoutMs,
    connectTimeout: Math.max(commandTimeoutMs, 2_000),
  };
}
