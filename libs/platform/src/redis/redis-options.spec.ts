import { describe, expect, it } from 'vitest';
import { redisOptionsFromUrl } from './redis-options.js';

describe('redisOptionsFromUrl', () => {
  it('reads host, port, credentials and database', () => {
    expect(redisOptionsFromUrl('redis://user:p%40ss@cache.local:6380/3')).toMatchObject({
      host: 'cache.local',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 3,
      tls: undefined,
      maxRetriesPerRequest: null,
    });
  });

  it('defaults the port and database, and turns on TLS for rediss', () => {
    expect(redisOptionsFromUrl('rediss://cache')).toMatchObject({ port: 6379, db: 0, tls: {} });
  });
});
