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
    const worker = spawn(process.execPath, [WORKER_ENTRY], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      worker.once('exit', (code, signal) => resolve({ code, signal })),
    );

    const deadline = Date.now() + 30_000;
    while (!output.includes('Worker consuming jobs') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toContain('Worker consuming jobs');
    expect(output).toContain('"concurrency":2');

    worker.kill('SIGTERM');
    // The worker's own log says why, should it not exit cleanly.
    expect(await exit, output).toEqual({ code: 0, signal: null });
  });

  it('refuses the embedded profile with a clear message', () => {
    const result = spawnSync(process.execPath, [WORKER_ENTRY], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The worker runs in the server profile only');
  });
});
