import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, runCli, startApiProcess, type ApiProcess } from '../support/api-process.js';
import { waitForStatus, type Api } from '../support/construe-client.js';
import {
  clientApi,
  codeCounts,
  codes,
  embeddedCount,
  startWorker,
  timed,
  upload,
  waitForOutput,
  type TimedAnswer,
  type WorkerProcess,
} from '../support/fault-harness.js';
import {
  startPrivatePostgres,
  startPrivateRedis,
  type PrivateService,
} from '../support/private-services.js';
import { createTestDatabase, serverEnv, type TestDatabase } from '../support/server-resources.js';

// Fault tests: each stops a Redis or a PostgreSQL of its own (never the shared ones) under
// traffic. The bounds asserted are the service's promises (an answer within 3 s during an
// outage, a resumed job within JOB_LOCK_MS), not speed figures; the measured times are
// printed and reported in the README's operations section.

const REQUEST_BOUND_MS = 3_000;
// 20 s keeps the suite short; FAULT_PG_OUTAGE_MS=45000 runs the 45 s outage.
const PG_OUTAGE_MS = Number(process.env.FAULT_PG_OUTAGE_MS ?? 20_000);

/** Requests every 500 ms for `durationMs`: a database read, an upload and the health check. */
async function traffic(api: Api, durationMs: number, tag: string): Promise<TimedAnswer[]> {
  const answers: TimedAnswer[] = [];
  const end = Date.now() + durationMs;
  for (let round = 1; Date.now() < end; round++) {
    answers.push(
      ...(await Promise.all([
        timed(api, 'read', 'GET', '/construe/codes/systems'),
        timed(api, 'upload', 'POST', '/construe/upload', {
          name: `${tag}_${round}`,
          version: '1',
          format: 'json',
          codes: codes(20, tag),
        }),
        timed(api, 'health', 'GET', '/health'),
      ])),
    );
    await sleep(500);
  }
  return answers;
}

function summary(answers: TimedAnswer[]): string {
  const by = (what: string) => answers.filter((answer) => answer.what === what);
  const line = (what: string) => {
    const list = by(what);
    const statuses = [...new Set(list.map((answer) => answer.status))].join('/');
    return `${what}: ${list.length} requests, status ${statuses}, max ${Math.max(...list.map((answer) => answer.ms))} ms`;
  };
  return ['read', 'upload', 'health'].map(line).join('; ');
}

function expectUnavailable(answers: TimedAnswer[]): void {
  for (const answer of answers) {
    expect(answer).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(Number(answer.retryAfter), `${answer.what}: Retry-After`).toBeGreaterThan(0);
  }
}

describe('fault: a 15 s Redis outage (server profile)', () => {
  let redis: PrivateService;
  let database: TestDatabase;
  let env: Record<string, string>;
  let api: ApiProcess | undefined;
  let worker: WorkerProcess | undefined;

  beforeAll(async () => {
    requireBuild();
    redis = await startPrivateRedis();
    database = await createTestDatabase();
    env = serverEnv(database.url, {
      REDIS_URL: redis.url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      JOB_MAX_BACKOFF_MS: '2000',
      // The job under test stores a vector per code: the hashing embedder's.
      OFFLINE_EMBEDDER: 'hashing',
    });
    expect(runCli(['migrate'], env).status).toBe(0);
    api = await startApiProcess(env);
    worker = startWorker({ ...env, LOG_LEVEL: 'info' });
    await waitForOutput(worker, 'Worker consuming jobs');
  });

  afterAll(async () => {
    worker?.child.kill('SIGKILL');
    await api?.kill('SIGKILL');
    await redis?.destroy();
    await database?.drop();
  });

  it('answers within 3 s during the outage (reads 200, uploads 503 + Retry-After, nothing stored) and completes every accepted job once after it', async () => {
    const client = await clientApi(api!, env);
    expect((await upload(client, 'before_outage', 300)).status).toBe(202);

    await redis.stop();
    const answers = await traffic(client, 15_000, 'during_outage');
    await redis.start();
    const restarted = Date.now();
    let accepted: TimedAnswer;
    for (;;) {
      accepted = await timed(client, 'upload', 'POST', '/construe/upload', {
        name: 'after_outage',
        version: '1',
        format: 'json',
        codes: codes(300, 'after'),
      });
      if (accepted.status === 202 || Date.now() - restarted > 30_000) break;
      await sleep(200);
    }
    const recoveryMs = Date.now() - restarted;
    console.log(
      `Redis outage 15 s: ${summary(answers)}; uploads accepted ${recoveryMs} ms after Redis was back`,
    );

    expect(accepted.status).toBe(202);
    expect(answers.length).toBeGreaterThanOrEqual(30);
    for (const answer of answers) expect(answer.ms).toBeLessThan(REQUEST_BOUND_MS);
    // The rate limiter fails open by default: database reads go on.
    for (const answer of answers.filter((one) => one.what === 'read'))
      expect(answer.status).toBe(200);
    expectUnavailable(answers.filter((answer) => answer.what !== 'read'));

    expect(await waitForStatus(client, 'BEFORE_OUTAGE', '1', 60_000, 250)).toMatchObject({
      status: 'ready',
    });
    expect(await waitForStatus(client, 'AFTER_OUTAGE', '1', 60_000, 250)).toMatchObject({
      status: 'ready',
    });
    // Exactly the two accepted systems exist, each code stored and embedded once.
    const counts = await codeCounts(database.url);
    expect([...counts.keys()].sort()).toEqual(['AFTER_OUTAGE', 'BEFORE_OUTAGE']);
    for (const count of counts.values())
      expect(count).toEqual({ total: 300, embedded: 300, distinct: 300 });
  }, 120_000);
});

describe('fault: a PostgreSQL outage during an embedding, then SIGTERM (server profile)', () => {
  const JOB_LOCK_MS = 30_000;
  let postgres: PrivateService;
  let env: Record<string, string>;
  let api: ApiProcess | undefined;
  const workers: WorkerProcess[] = [];
  let client: Api;

  beforeAll(async () => {
    requireBuild();
    postgres = await startPrivatePostgres();
    env = serverEnv(postgres.url, {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      WORKER_CONCURRENCY: '1',
      JOB_LOCK_MS: String(JOB_LOCK_MS),
      JOB_MAX_BACKOFF_MS: '2000',
      WORKER_SHUTDOWN_GRACE_MS: '5000',
      JOB_RECONCILE_INTERVAL_MS: '2000',
      // The job under test stores a vector per code: the hashing embedder's.
      OFFLINE_EMBEDDER: 'hashing',
    });
    expect(runCli(['migrate'], env).status).toBe(0);
    api = await startApiProcess(env);
    workers.push(startWorker({ ...env, LOG_LEVEL: 'info' }));
    await waitForOutput(workers[0], 'Worker consuming jobs');
    client = await clientApi(api, env);
  });

  afterAll(async () => {
    for (const worker of workers) worker.child.kill('SIGKILL');
    if (api?.child.exitCode === null) await api.kill('SIGKILL');
    await postgres?.destroy();
  });

  it('answers 503 + Retry-After within 3 s during the outage, and the system reaches ready without a restart, each code once', async () => {
    const CODES = 4_000;
    expect((await upload(client, 'big_a', CODES)).status).toBe(202);
    while ((await embeddedCount(postgres.url)) < 300) await sleep(100);

    await postgres.stop();
    const answers = await traffic(client, PG_OUTAGE_MS, 'during_db_outage');
    await postgres.start();
    const restarted = Date.now();
    const atRestart = await embeddedCount(postgres.url);
    while ((await embeddedCount(postgres.url)) <= atRestart && Date.now() - restarted < 60_000)
      await sleep(100);
    const resumedMs = Date.now() - restarted;
    const final = await waitForStatus(client, 'BIG_A', '1', 120_000, 250);
    console.log(
      `PostgreSQL outage ${PG_OUTAGE_MS / 1000} s: ${summary(answers)}; embedding resumed ${resumedMs} ms and BIG_A ${final.status} ${Date.now() - restarted} ms after PostgreSQL was back`,
    );

    expect(answers.length).toBeGreaterThanOrEqual(30);
    for (const answer of answers) expect(answer.ms).toBeLessThan(REQUEST_BOUND_MS);
    expectUnavailable(answers);
    expect(final).toMatchObject({ status: 'ready', code_count: CODES });
    expect((await codeCounts(postgres.url)).get('BIG_A')).toEqual({
      total: CODES,
      embedded: CODES,
      distinct: CODES,
    });
    // Recovered without a restart.
    expect(api!.child.exitCode).toBeNull();
    expect(workers[0].child.exitCode).toBeNull();
  }, 180_000);

  it('SIGTERM: the worker exits 0 and its running job resumes on another worker within JOB_LOCK_MS', async () => {
    const CODES = 4_000;
    const before = await embeddedCount(postgres.url);
    expect((await upload(client, 'big_b', CODES)).status).toBe(202);
    while ((await embeddedCount(postgres.url)) < before + 300) await sleep(100);
    const standby = startWorker({ ...env, LOG_LEVEL: 'info' });
    workers.push(standby);
    await waitForOutput(standby, 'Worker consuming jobs');

    const first = workers[0];
    const stopped = Date.now();
    first.child.kill('SIGTERM');
    const exit = await first.exited;
    const exitMs = Date.now() - stopped;
    const atExit = await embeddedCount(postgres.url);
    while ((await embeddedCount(postgres.url)) <= atExit && Date.now() - stopped < JOB_LOCK_MS)
      await sleep(100);
    const resumedMs = Date.now() - stopped;
    console.log(
      `SIGTERM: worker exited ${exit.code} after ${exitMs} ms; job resumed on the other worker ${resumedMs} ms after the signal`,
    );

    expect(exit).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain('handed back to the queue');
    expect(resumedMs).toBeLessThan(JOB_LOCK_MS);
    expect(await waitForStatus(client, 'BIG_B', '1', 120_000, 250)).toMatchObject({
      status: 'ready',
    });
    expect((await codeCounts(postgres.url)).get('BIG_B')).toEqual({
      total: CODES,
      embedded: CODES,
      distinct: CODES,
    });
  }, 180_000);

  it('a job that gives up while the database is down (its failure hook failing too) ends failed with its reason once the database is back', async () => {
    // The running workers go; one that gives up at once (no retry window) takes over.
    for (const worker of workers.filter((one) => one.child.exitCode === null)) {
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toEqual({ code: 0, signal: null });
    }
    const quitter = startWorker({ ...env, LOG_LEVEL: 'info', JOB_RETRY_WINDOW_MS: '0' });
    workers.push(quitter);
    await waitForOutput(quitter, 'Worker consuming jobs');

    expect((await upload(client, 'big_c', 3_000)).status).toBe(202);
    await postgres.stop();
    try {
      await waitForOutput(quitter, 'its failure hook failed');
    } finally {
      await postgres.start();
    }
    const restarted = Date.now();
    const final = await waitForStatus(client, 'BIG_C', '1', 60_000, 250);
    console.log(
      `Job given up during a PostgreSQL outage: BIG_C ${final.status} ${Date.now() - restarted} ms after PostgreSQL was back (${String(final.error)})`,
    );
    expect(final.status).toBe('failed');
    expect(final.error).toMatch(/^Embedding failed: .+/);
  }, 120_000);

  it('SIGTERM: the API exits 0', async () => {
    const exited = new Promise((resolve) => api!.child.once('exit', resolve));
    api!.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('SIGTERM in the embedded profile', () => {
  it('exits 0 and releases the data-directory lock', async () => {
    requireBuild();
    const dataDir = mkdtempSync(join(tmpdir(), 'fault-embedded-'));
    let api: ApiProcess | undefined;
    try {
      api = await startApiProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const lock = join(dataDir, 'pglite', 'clinical-interop.lock');
      expect(existsSync(lock)).toBe(true);
      const exited = new Promise((resolve) => api!.child.once('exit', resolve));
      api.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(existsSync(lock)).toBe(false);
    } finally {
      if (api?.child.exitCode === null) await api.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
