import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { runCli, WORKER_ENTRY, type ApiProcess } from './api-process.js';
import { call, type Api } from './construe-client.js';
import { basic } from './test-app.js';

/** Helpers of the fault tests: workers with captured output, a token, timed requests. */

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, [WORKER_ENTRY], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

export async function waitForOutput(worker: WorkerProcess, text: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!worker.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`worker never said "${text}":\n${worker.output()}`);
    await sleep(100);
  }
}

/** A paid client made by the CLI, and a token for it from the running API. */
export async function clientApi(api: ApiProcess, env: Record<string, string>): Promise<Api> {
  const created = runCli(
    ['clients:create', '--account', 'clinic', '--plan', 'paid', '--json'],
    env,
  );
  if (created.status !== 0) throw new Error(`clients:create failed:\n${created.stderr}`);
  const credentials = JSON.parse(created.stdout) as { client_id: string; client_secret: string };
  const response = await fetch(`${api.baseUrl}/v2/auth/token`, {
    method: 'POST',
    headers: {
      Authorization: basic({
        clientId: credentials.client_id,
        clientSecret: credentials.client_secret,
      }),
    },
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { baseUrl: api.baseUrl, token };
}

export interface TimedAnswer {
  what: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  code?: string;
}

/** One request with its answer time; a request that has no answer in 10 s counts as status 0. */
export async function timed(
  api: Api,
  what: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<TimedAnswer> {
  const started = Date.now();
  try {
    const response = await fetch(`${api.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${api.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
    return {
      what,
      status: response.status,
      ms: Date.now() - started,
      retryAfter: response.headers.get('retry-after'),
      code: json.error?.code,
    };
  } catch {
    return { what, status: 0, ms: Date.now() - started, retryAfter: null };
  }
}

export function codes(count: number, prefix: string) {
  return Array.from({ length: count }, (_, index) => ({
    code: `${prefix}${index}`,
    description: `Local finding number ${index} of the ${prefix} list`,
  }));
}

export async function upload(api: Api, name: string, count: number) {
  return call(api, 'POST', '/construe/upload', {
    name,
    version: '1',
    format: 'json',
    codes: codes(count, name),
  });
}

/** Per system: its codes, how many have a vector, how many distinct codes (each stored once?). */
export async function codeCounts(
  databaseUrl: string,
): Promise<Map<string, { total: number; embedded: number; distinct: number }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      name: string;
      total: string;
      embedded: string;
      distinct_codes: string;
    }>(
      `SELECT s.name, count(c.*) AS total, count(c.embedding) AS embedded,
              count(DISTINCT c.code) AS distinct_codes
       FROM construe_code_system s LEFT JOIN construe_code c ON c.system_id = s.id
       WHERE NOT s.builtin GROUP BY s.name`,
    );
    return new Map(
      rows.map((row) => [
        row.name,
        {
          total: Number(row.total),
          embedded: Number(row.embedded),
          distinct: Number(row.distinct_codes),
        },
      ]),
    );
  } finally {
    await client.end();
  }
}

export async function embeddedCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      'SELECT count(*) AS count FROM construe_code WHERE embedding IS NOT NULL',
    );
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}
