import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckService,
  TypeOrmHealthIndicator,
  type HealthIndicatorFunction,
} from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import { AppError, CommonErrorCodes, Public, RETRY_AFTER_SECONDS } from '@app/shared';
import { RedisHealthIndicator } from './redis.health.js';

@ApiTags('health')
@Controller('health')
@SkipThrottle()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
  ) {}

  @Get()
  @Public()
  @HealthCheck()
  @ApiOperation({
    summary: 'Liveness and readiness: the database, and Redis in the server profile',
  })
  @ApiOkResponse({ description: '`{ status: "ok", info, error, details }`' })
  async check() {
    const checks: HealthIndicatorFunction[] = [
      () => this.database.pingCheck('database', { timeout: 3_000 }),
    ];
    if (this.redis.enabled) checks.push(() => this.redis.check('redis'));
    try {
      return await this.health.check(checks);
    } catch (error) {
      if (error instanceof ServiceUnavailableException) {
        throw new AppError(
          503,
          CommonErrorCodes.UNAVAILABLE,
          'A dependency is unhealthy',
          error.getResponse(),
          { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        );
      }
      throw error;
    }
  }
}
