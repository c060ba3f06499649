import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckService,
  TypeOrmHealthIndicator,
  type HealthIndicatorFunction,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import { AppError, CommonErrorCodes, Public, RETRY_AFTER_SECONDS } from '@app/shared';
import { embeddedSessionActivity } from '../database/session-activity.js';
import { RedisHealthIndicator } from './redis.health.js';

/** How long the ping may wait for the embedded session before a busy session is reported as such. */
const BUSY_SESSION_GRACE_MS = 25;
/** A session that finished a statement this recently is working, not stuck. */
const BUSY_SESSION_PROGRESS_MS = 1_000;

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
    const checks: HealthIndicatorFunction[] = [() => this.databaseCheck()];
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

  /**
   * The embedded profile's database is one session: a ping waits for the transaction that
   * holds it (a large sandbox write, an upload). While that transaction's statements keep
   * finishing the database is up and busy, and saying so at once keeps /health fast; a
   * session that finishes nothing is waited for, up to the ping's timeout.
   */
  private async databaseCheck(): Promise<HealthIndicatorResult> {
    const ping: Promise<HealthIndicatorResult> = Promise.resolve(
      this.database.pingCheck('database', { timeout: 3_000 }),
    );
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), BUSY_SESSION_GRACE_MS);
    });
    const first = await Promise.race([ping, grace]).finally(() => clearTimeout(timer));
    if (first !== null) return first;
    if (!embeddedSessionActivity.finishedWithin(BUSY_SESSION_PROGRESS_MS)) return ping;
    // The ping still runs and settles later; its outcome is not this answer's.
    ping.catch(() => undefined);
    return { database: { status: 'up', session: 'busy' } };
  }
}
