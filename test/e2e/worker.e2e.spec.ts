import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, WORKER_ENTRY } from '../support/api-process.js';
import { createTestDatabase, serverEnv, type TestDatabase } from '../support/server-resources.js';

describe('worker app', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    requireBuild();
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('starts in the server profile, consumes from Redis and stops cleanly on SIGTERM', async () => {
    const env = {
      PATH: process.env.PATH ?? '',
      ...serverEnv(database.url, { LOG_LEVEL: 'info', WORKER_CONCURRENCY: '2' }),
    };
    const { exit, output } = startWorker(env, false);
    const deadline = Date.now() + 30_000;
    while (!output().includes('Worker consuming jobs') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output()).toContain('Worker consuming jobs');
    expect(output()).toContain('"concurrency":2');
    exit.kill();
    // The worker's own log says why, should it not exit cleanly.
    expect(await exit.code, output()).toEqual({ code: 0, signal: null });
  });

  it('exits 0 on a SIGTERM sent the moment it starts consuming, while its connections may still be connecting', async () => {
    const env = {
      PATH: process.env.PATH ?? '',
      ...serverEnv(database.url, { LOG_LEVEL: 'info' }),
    };
    // Before the fix about one start in four exited 1 ("Connection is closed." from BullMQ).
    for (let attempt = 0; attempt < 4; attempt++) {
      const { exit, output } = startWorker(env, true);
      expect(await exit.code, output()).toEqual({ code: 0, signal: null });
      expect(output()).toContain('Worker consuming jobs');
    }
  }, 120_000);

  it('refuses the embedded profile with a clear message', () => {
    const result = spawnSync(process.execPath, [WORKER_ENTRY], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The worker runs in the server profile only');
  });
});

/** Spawns the worker; with `stopAtStart`, SIGTERM goes out as soon as it logs that it consumes. */
function startWorker(env: Record<string, string>, stopAtStart: boolean) {
  const worker = spawn(process.execPath, [WORKER_ENTRY], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (stopAtStart && output.includes('Worker consuming jobs')) worker.kill('SIGTERM');
  };
  worker.stdout.on('data', collect);
  worker.stderr.on('data', collect);
  const code = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    worker.once('exit', (exitCode, signal) => resolve({ code: exitCode, signal })),
  );
  return { exit: { code, kill: () => worker.kill('SIGTERM') }, output: () => output };
}
