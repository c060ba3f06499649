import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { RedisConnection } from '../redis/redis.module.js';

@Injectable()
export class RedisHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly redis: RedisConnection,
  ) {}

  get enabled(): boolean {
    return this.redis.client !== undefined;
  }

  async check(key: 'redis') {
    const indicator = this.indicators.check(key);
    try {
      const timeout = new Promise<string>((_, reject) =>
        setTimeout(() => reject(new Error('timeout after 2000 ms')), 2_000).unref(),
      );
      const answer = await Promise.race([this.redis.client!.ping(), timeout]);
      return answer === 'PONG'
        ? indicator.up()
        : indicator.down({ message: `unexpected answer ${answer}` });
    } catch (error) {
      return indicator.down({ message: error instanceof Error ? error.message : 'unreachable' });
    }
  }
}
