import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import { Redis } from 'ioredis';
import { redisOptionsFromUrl } from './redis-options.js';

/** The process's shared Redis connection (server profile only; absent in the embedded profile). */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis | undefined;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.client = config.redisUrl
      ? new Redis({ ...redisOptionsFromUrl(config.redisUrl), lazyConnect: false })
      : undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.client && this.client.status !== 'end')
      await this.client.quit().catch(() => undefined);
  }
}

@Global()
@Module({ providers: [RedisConnection], exports: [RedisConnection] })
export class RedisModule {}
