import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A Redis and a PostgreSQL of a test's own, on free ports, that the test may stop and
 * start (fault tests). The shared services on 6379/5432 are never touched.
 */

const PG_BIN = process.env.TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface PrivateService {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up in ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** redis-server with an append-only file, so that queued jobs survive a stop and start. */
export async function startPrivateRedis(): Promise<PrivateService> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'fault-redis-'));
  let child: ChildProcess | undefined;
  const ping = () =>
    spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() ===
    'PONG';
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--dir',
        dir,
      ],
      { stdio: 'ignore' },
    );
    await waitFor(ping, `redis-server on ${port}`);
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A PostgreSQL cluster in a temporary directory (run as `postgres` when the test runs as root). */
export async function startPrivatePostgres(): Promise<PrivateService> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'fault-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(ids.stdout), Number(gid.stdout));
  }
  const run = (binary: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(PG_BIN, binary);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', join(PG_BIN, binary), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0)
      throw new Error(`${binary} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
    await Promise.resolve();
  };
  const stop = async () => {
    run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    await Promise.resolve();
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      try {
        await stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
