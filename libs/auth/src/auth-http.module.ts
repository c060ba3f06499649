import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AuthCoreModule } from './auth-core.module.js';
import { BasicStrategy } from './infrastructure/passport/basic.strategy.js';
import { BearerStrategy } from './infrastructure/passport/bearer.strategy.js';
import { ApiClientsController } from './interface/http/api-clients.controller.js';
import { BearerAuthGuard } from './interface/http/bearer-auth.guard.js';
import { LegacyTokenController } from './interface/http/legacy-token.controller.js';
import { TokenController } from './interface/http/token.controller.js';

/** The HTTP side: token endpoints (and the legacy POST /auth/token), own-client management, and the global bearer guard. */
@Module({
  imports: [AuthCoreModule, PassportModule],
  controllers: [TokenController, LegacyTokenController, ApiClientsController],
  providers: [BasicStrategy, BearerStrategy, { provide: APP_GUARD, useClass: BearerAuthGuard }],
})
export class AuthHttpModule {}
