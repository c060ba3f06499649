// The API in the embedded profile for the benches of this folder: a DATA_DIR under .tmp/,
// the Athena subset imported when present, a paid client and its token.
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const { fetch } = globalThis;

export const repoRoot = resolve(import.meta.dirname, '..', '..');
export const reference = resolve(repoRoot, '..', 'shared', 'reference');
const dist = join(repoRoot, 'dist', 'apps');

function run(main, args, env) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [main, ...args], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) =>
      code === 0 ? done(out) : fail(new Error(`${args[0]} exited ${code}: ${out.slice(-600)}`)),
    );
  });
}

export async function startApi({ port, vocabulary = true, extraEnv = {} }) {
  if (!existsSync(join(dist, 'api', 'src', 'main.js')))
    throw new Error('run `npm run build` first');
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
  const dataDir = mkdtempSync(join(repoRoot, '.tmp', 'bench-doc-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const cli = join(dist, 'cli', 'src', 'main.js');
  const athena = join(reference, 'omop', 'vocab', 'athena-subset');
  const vocabularies = [];
  if (vocabulary && existsSync(athena)) {
    await run(cli, ['vocab:import', '--athena', athena], env);
    vocabularies.push('Athena subset');
  }
  const created = await run(
    cli,
    ['clients:create', '--account', 'bench', '--plan', 'paid', '--json'],
    env,
  );
  const credentials = JSON.parse(
    created
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .pop(),
  );
  const child = spawn(process.execPath, [join(dist, 'api', 'src', 'main.js')], {
    cwd: repoRoot,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CREATE_DEMO_CLIENT: 'false',
      RATE_LIMIT_MAX: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error('the API did not start in 180 s')), 180_000);
    const watch = (chunk) => {
      if (/API listening on/.test(String(chunk))) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    child.on('exit', (code) => fail(new Error(`the API exited (${code})`)));
  });
  const basic = Buffer.from(`${credentials.client_id}:${credentials.client_secret}`).toString(
    'base64',
  );
  const token = (
    await (
      await fetch(`${baseUrl}/v2/auth/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}` },
      })
    ).json()
  ).access_token;
  return {
    baseUrl,
    token,
    vocabularies,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function post(api, path, body, headers = { 'Content-Type': 'application/json' }) {
  const started = performance.now();
  const response = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${api.token}`, ...headers },
    body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body),
  });
  const json = await response.json().catch(() => undefined);
  return { status: response.status, body: json, ms: performance.now() - started };
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
