import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, waitForStatus, type Api } from '../support/construe-client.js';
import {
  requireBuild,
  runCli,
  startApiProcess,
  WORKER_ENTRY,
  type ApiProcess,
} from '../support/api-process.js';
import { createTestDatabase, serverEnv, type TestDatabase } from '../support/server-resources.js';
import { basic } from '../support/credentials.js';

const CODES = 30_000;

function startWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [WORKER_ENTRY], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: 'ignore',
  });
}

async function embeddedCount(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ count: string }>(
    'SELECT count(*) AS count FROM construe_code WHERE embedding IS NOT NULL',
  );
  return Number(rows[0].count);
}

describe('construe: a worker killed during an embedding job (server profile)', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  let api: ApiProcess | undefined;
  const workers: ChildProcess[] = [];
  const db = () => new pg.Client({ connectionString: database.url });

  beforeAll(async () => {
    requireBuild();
    database = await createTestDatabase();
    // A short job lock so that the dead worker's job is taken over in seconds, not 30 s.
    env = serverEnv(database.url, {
      LOG_LEVEL: 'warn',
      JOB_LOCK_MS: '3000',
      WORKER_CONCURRENCY: '1',
      RATE_LIMIT_MAX: '100000',
      // The job under test stores a vector per code: the hashing embedder's.
      OFFLINE_EMBEDDER: 'hashing',
    });
    expect(runCli(['migrate'], env).status).toBe(0);
    api = await startApiProcess(env);
  });

  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await api?.kill('SIGTERM');
    await database?.drop();
  });

  it('retries the job on another worker, ends ready, and stores each code once', async () => {
    const created = runCli(
      ['clients:create', '--account', 'clinic', '--plan', 'paid', '--json'],
      env,
    );
    const credentials = JSON.parse(created.stdout) as { client_id: string; client_secret: string };
    const token = await fetch(`${api!.baseUrl}/v2/auth/token`, {
      method: 'POST',
      headers: {
        Authorization: basic({
          clientId: credentials.client_id,
          clientSecret: credentials.client_secret,
        }),
      },
    });
    const client: Api = {
      baseUrl: api!.baseUrl,
      token: ((await token.json()) as { access_token: string }).access_token,
    };

    const codes = Array.from({ length: CODES }, (_, index) => ({
      code: `K${index}`,
      description: `Local finding number ${index} of the clinic list`,
    }));
    expect(
      (
        await call(client, 'POST', '/construe/upload', {
          name: 'big_list',
          version: '1',
          format: 'json',
          codes,
        })
      ).status,
    ).toBe(202);

    const watcher = db();
    await watcher.connect();
    try {
      const first = startWorker(env);
      workers.push(first);
      const deadline = Date.now() + 60_000;
      while ((await embeddedCount(watcher)) < 1_000 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      const atCrash = await embeddedCount(watcher);
      expect(atCrash).toBeGreaterThanOrEqual(1_000);
      expect(atCrash).toBeLessThan(CODES);

      workers.push(startWorker(env));
      const final = await waitForStatus(client, 'BIG_LIST', '1', 120_000, 1_000);
      expect(final).toMatchObject({ status: 'ready', code_count: CODES });

      const { rows } = await watcher.query<{
        total: string;
        embedded: string;
        distinct_codes: string;
      }>(
        'SELECT count(*) AS total, count(embedding) AS embedded, count(DISTINCT code) AS distinct_codes FROM construe_code',
      );
      expect(rows[0]).toEqual({
        total: String(CODES),
        embedded: String(CODES),
        distinct_codes: String(CODES),
      });
    } finally {
      await watcher.end();
    }
  }, 200_000);
});
