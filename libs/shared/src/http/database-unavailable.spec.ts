import { createServer } from 'node:net';
import pg from 'pg';
import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { mapHttpError } from './http-error.mapper.js';

/** A port that nothing listens on: bind one, note it, close it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function connectionError(): Promise<unknown> {
  const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'x' });
  return client.connect().then(
    () => new Error('connected?'),
    (error: unknown) => error,
  );
}

describe('database connection errors', () => {
  it('recognises a refused connection, bare and wrapped by TypeORM', async () => {
    const refused = await connectionError();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], refused as Error))).toBe(
      true,
    );
  });

  it('recognises a server shutting down, but not a bad query', () => {
    const shutdown = Object.assign(
      new Error('terminating connection due to administrator command'),
      {
        code: '57P01',
      },
    );
    expect(isDatabaseUnavailable(shutdown)).toBe(true);
    const badQuery = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
    expect(isDatabaseUnavailable(badQuery)).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });

  it('maps to 503 with Retry-After in the envelope, flagged for once-per-outage logging', async () => {
    const mapped = mapHttpError(await connectionError());
    expect(mapped.status).toBe(503);
    expect(mapped.headers['Retry-After']).toMatch(/^\d+$/);
    expect(mapped.unexpected).toBe(false);
    expect(mapped.databaseUnavailable).toBe(true);
    expect(mapped.body).toMatchObject({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE' },
    });
    expect(mapHttpError(new Error('boom')).databaseUnavailable).toBeUndefined();
  });
});
