import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AppConfig } from '@app/shared';
import { RedisConnection } from '@app/platform';
import { AuthCoreModule } from './auth-core.module.js';
import { FailedAuthentications } from './application/ports/failed-authentications.js';
import { BasicStrategy } from './infrastructure/passport/basic.strategy.js';
import { BearerStrategy } from './infrastructure/passport/bearer.strategy.js';
import { ThrottledClientAuthentication } from './infrastructure/passport/throttled-client-authentication.js';
import { InMemoryFailedAuthentications } from './infrastructure/throttling/in-memory-failed-authentications.js';
import { RedisFailedAuthentications } from './infrastructure/throttling/redis-failed-authentications.js';
import { ApiClientsController } from './interface/http/api-clients.controller.js';
import { BearerAuthGuard } from './interface/http/bearer-auth.guard.js';
import { LegacyTokenController } from './interface/http/legacy-token.controller.js';
import { TokenController } from './interface/http/token.controller.js';

const failedAuthentications = {
  provide: FailedAuthentications,
  inject: [AppConfig, RedisConnection],
  useFactory: (config: AppConfig, redis: RedisConnection): FailedAuthentications =>
    redis.client
      ? new RedisFailedAuthentications(
          redis.client,
          `${config.redisPrefix}:`,
          config.authFailureMax,
          config.authFailureWindowSeconds,
        )
      : new InMemoryFailedAuthentications(config.authFailureMax, config.authFailureWindowSeconds),
};

/** The HTTP side: token endpoints (and the legacy POST /auth/token), own-client management, and the global bearer guard. */
@Module({
  imports: [AuthCoreModule, PassportModule],
  controllers: [TokenController, LegacyTokenController, ApiClientsController],
  providers: [
    failedAuthentications,
    ThrottledClientAuthentication,
    BasicStrategy,
    BearerStrategy,
    { provide: APP_GUARD, useClass: BearerAuthGuard },
  ],
})
export class AuthHttpModule {}
