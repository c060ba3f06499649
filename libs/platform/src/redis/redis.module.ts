import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, OutageLog } from '@app/shared';
import { Redis } from 'ioredis';
import { failFastRedisOptions } from './redis-options.js';

/**
 * The process's shared Redis connection for the request path (server profile only; absent
 * in the embedded profile): it fails fast while Redis is down, never waits for it.
 */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis | undefined;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.client = config.redisUrl
      ? new Redis({
          ...failFastRedisOptions(config.redisUrl, config.redisCommandTimeoutMs),
          lazyConnect: false,
        })
      : undefined;
    // Without a listener ioredis prints every failed reconnection; one line per outage.
    const outage = new OutageLog();
    this.client?.on('error', (error: Error) => {
      if (outage.failure()) new Logger('Redis').error(`Redis unreachable: ${error.message}`);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.client && this.client.status !== 'end')
      await this.client.quit().catch(() => undefined);
  }
}

@Global()
@Module({ providers: [RedisConnection], exports: [RedisConnection] })
export class RedisModule {}
