// Starts the built API in the embedded profile on a fresh data directory, for benches that talk
// to it over HTTP: the Athena subset imported, one paid client, a bearer token.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';

const { fetch } = globalThis;

export const repoRoot = resolve(import.meta.dirname, '..', '..');
export const reference = resolve(repoRoot, '..', 'shared', 'reference');
export const athenaDir = join(reference, 'omop', 'vocab', 'athena-subset');
const apiMain = join(repoRoot, 'dist', 'apps', 'api', 'src', 'main.js');
const cliMain = join(repoRoot, 'dist', 'apps', 'cli', 'src', 'main.js');

/** Exits 0 with SKIP when a shared data set is absent, 1 when there is no build. */
export function requireInputs(paths) {
  for (const path of paths) {
    if (!existsSync(path)) {
      console.log(`SKIP: ${path} is absent`);
      process.exit(0);
    }
  }
  if (!existsSync(apiMain)) {
    console.error('No build: run npm run build first');
    process.exit(1);
  }
}

function runCli(args, env) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [cliMain, ...args], { cwd: repoRoot, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => (code === 0 ? done(output) : fail(new Error(output.slice(-800)))));
  });
}

function startApi(env, port) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [apiMain], {
      cwd: repoRoot,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        CREATE_DEMO_CLIENT: 'false',
        RATE_LIMIT_MAX: '1000000',
      },
    });
    const timer = setTimeout(() => fail(new Error('the API did not start in 180 s')), 180_000);
    const onData = (chunk) => {
      const match = /API listening on http:\/\/localhost:(\d+)/.exec(String(chunk));
      if (match) {
        clearTimeout(timer);
        done({ child, baseUrl: `http://127.0.0.1:${match[1]}` });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => fail(new Error(`the API exited with ${code}`)));
  });
}

/**
 * A running API with the Athena subset loaded: `{ baseUrl, token, stop, reused }`. `port` is the
 * port to listen on (BENCH_PORT, else 0 for any free one). With BENCH_DATA_DIR the data
 * directory is kept there and reused by the next run (no import, same client), to iterate.
 */
export async function startService({ port = Number(process.env.BENCH_PORT ?? 0) } = {}) {
  const kept = process.env.BENCH_DATA_DIR ? resolve(process.env.BENCH_DATA_DIR) : undefined;
  const dir = kept ?? mkdtempSync(join(tmpdir(), 'bench-service-'));
  const clientFile = join(dir, 'bench-client.json');
  const reused = Boolean(kept && existsSync(clientFile));
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: join(dir, 'data'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  let api;
  const stop = () => {
    api?.child.kill('SIGTERM');
    if (!kept) rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (reused) {
      Object.assign(env, JSON.parse(readFileSync(clientFile, 'utf8')).secrets);
    } else {
      mkdirSync(dir, { recursive: true });
      await runCli(['vocab:import', '--athena', athenaDir], env);
    }
    const credentials = reused
      ? JSON.parse(readFileSync(clientFile, 'utf8')).credentials
      : JSON.parse(
          (await runCli(['clients:create', '--account', 'bench', '--plan', 'paid', '--json'], env))
            .trim()
            .split('\n')
            .filter((line) => line.startsWith('{'))
            .pop(),
        );
    if (kept && !reused) {
      const secrets = { JWT_SECRET: env.JWT_SECRET, ENCRYPTION_KEY: env.ENCRYPTION_KEY };
      writeFileSync(clientFile, JSON.stringify({ credentials, secrets }));
    }
    api = await startApi(env, port);
    const basic = Buffer.from(`${credentials.client_id}:${credentials.client_secret}`).toString(
      'base64',
    );
    const { access_token: token } = await (
      await fetch(`${api.baseUrl}/v2/auth/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}` },
      })
    ).json();
    return { baseUrl: api.baseUrl, token, stop, reused };
  } catch (error) {
    stop();
    throw error;
  }
}
