import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '@app/shared';
import { RedisConnection } from '../redis/redis.module.js';
import { RedisThrottlerStorage } from './redis-throttler-storage.js';

/** Rate limiting per client address: in memory (embedded) or in Redis (server, shared by replicas). */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, RedisConnection],
      useFactory: (config: AppConfig, redis: RedisConnection) => ({
        throttlers: [
          { name: 'default', ttl: config.rateLimitTtlSeconds * 1000, limit: config.rateLimitMax },
        ],
        storage: redis.client
          ? new RedisThrottlerStorage(
              redis.client,
              config.redisPrefix,
              config.rateLimitOnRedisError,
            )
          : undefined,
      }),
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: ThrottlerGuard }],
})
export class ThrottlingModule {}
