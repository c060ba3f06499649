#!/usr/bin/env node
// Event-loop health under heavy requests: a client polls /health while others send the
// requests that used to stall the service (an N⁴ SQL-on-FHIR view, a 85,000-code upload, a
// large flatten, a deep JSON body, a workflow of nested sub-workflows searching a FHIR stub),
// and the same polling runs first on the idle server.
// It prints /health latency and the API process's event-loop delay, idle next to loaded.
//
//   npm run build && node bench/load/run.mjs [--profile embedded|server] [--seconds 15] [--port 0]
//                                            [--heavy all|large|others] [--only <text>]
// `--heavy large` sends only the one-large-resource requests (a 1.7 MB Patient to the
// sandbox and to flatten), `others` every heavy request but those.
//
// The server profile uses PostgreSQL and Redis on the standard ports (TEST_DATABASE_URL,
// TEST_REDIS_URL override them). It never fails on a figure: see bench/load/README.md.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startFhirStub } from './fhir-stub.mjs';

const { fetch, AbortSignal } = globalThis;

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const distDir = resolve(repoRoot, process.env.BENCH_DIST_DIR ?? 'dist');
const { values: options } = parseArgs({
  options: {
    profile: { type: 'string', default: 'embedded' },
    seconds: { type: 'string', default: '15' },
    port: { type: 'string', default: '0' },
    // all: every heavy request; large: only the one-large-resource requests; others: all but those.
    heavy: { type: 'string', default: 'all' },
    // only the heavy requests whose name contains this text (e.g. `sandbox`)
    only: { type: 'string', default: '' },
  },
});
if (!['all', 'large', 'others'].includes(options.heavy)) {
  console.error('--heavy is all, large or others');
  process.exit(1);
}
const SECONDS = Math.max(3, Number(options.seconds) || 15);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

if (!existsSync(join(distDir, 'apps', 'api', 'src', 'main.js'))) {
  console.error('run `npm run build` first (or set BENCH_DIST_DIR)');
  process.exit(1);
}

function spawnNode(script, args, env, extraFlags = []) {
  return spawn(process.execPath, ['--max-semi-space-size=64', ...extraFlags, script, ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function runCli(args, env) {
  return new Promise((done, fail) => {
    const child = spawnNode(join(distDir, 'apps', 'cli', 'src', 'main.js'), args, env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) =>
      code === 0 ? done(stdout) : fail(new Error(`cli ${args[0]}: ${stderr.slice(-400)}`)),
    );
  });
}

function startApi(env) {
  return new Promise((done, fail) => {
    const child = spawnNode(
      join(distDir, 'apps', 'api', 'src', 'main.js'),
      [],
      {
        ...env,
        PORT: options.port,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        CREATE_DEMO_CLIENT: 'false',
        RATE_LIMIT_MAX: '1000000',
      },
      // BENCH_API_FLAGS: extra node flags for the API, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`.
      [
        '--import',
        join(here, 'event-loop-probe.mjs'),
        ...(process.env.BENCH_API_FLAGS ?? '').split(' ').filter(Boolean),
      ],
    );
    const lines = [];
    const onData = (chunk) => {
      for (const line of String(chunk).split('\n')) {
        const match = /API listening on http:\/\/localhost:(\d+)/.exec(line);
        if (match) done({ child, baseUrl: `http://127.0.0.1:${match[1]}` });
        else if (line.trim()) lines.push(line);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) =>
      fail(new Error(`API exited ${code}: ${lines.slice(-5).join('\n')}`)),
    );
  });
}

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round = (ms) => Math.round(ms * 10) / 10;

/** Polls /health one request after another until `until()` says stop. */
async function pollHealth(baseUrl, until) {
  const latencies = [];
  let failures = 0;
  while (!until()) {
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status !== 200) failures += 1;
    } catch {
      failures += 1;
    }
    latencies.push(performance.now() - started);
    await sleep(20);
  }
  return { latencies, failures };
}

// ---------------------------------------------------------------- heavy requests

function manyNamesPatient(names) {
  return {
    resourceType: 'Patient',
    id: 'wide',
    name: Array.from({ length: names }, (_, index) => ({ family: `F${index}`, given: ['G'] })),
  };
}

/** One Patient of ~1.7 MB (10,000 names): validated in one piece it held the loop 1.4 s. */
function largePatient() {
  return {
    resourceType: 'Patient',
    name: Array.from({ length: 10_000 }, (_, index) => ({
      use: 'official',
      family: `Family-name-number-${index}`,
      given: ['First-given-name', 'Second-given-name'],
      text: `First-given-name Second-given-name Family-name-number-${index}`,
    })),
  };
}

const FAN_OUT = 10;
const LEVELS = 4;

/**
 * A leaf workflow of one search, and levels that each call the level below ten times: the
 * top one would run 10⁴ searches (11,111 steps) without the work budget. Returns its id.
 */
async function createNestedWorkflows(baseUrl, token, fhirBase) {
  const post = async (path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${text}`);
    return JSON.parse(text);
  };
  const provider = await post('/fhir-provider', {
    name: 'bench-stub',
    provider: 'hapi',
    base_url: fhirBase,
    auth: { auth_method: 'none' },
  });
  const workflow = (name, instructions) =>
    post('/workflows', {
      name,
      workflow_instructions: instructions,
      sample_data: { mrn: 'MRN-1' },
      fhir_provider_id: provider.data.id,
    });
  let called = 'nested_leaf';
  let created = await workflow(called, 'Find the patient by MRN.');
  for (let level = 1; level <= LEVELS; level++) {
    const name = `nested_level_${level}`;
    const calls = Array.from({ length: FAN_OUT }, () => `Run the '${called}' workflow.`);
    created = await workflow(name, calls.join(' '));
    called = name;
  }
  return created.workflow_id;
}

function heavyRequests(token, nestedWorkflowId) {
  const json = (body) => ({
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const uploadCodes = Array.from({ length: 85_000 }, (_, index) => ({
    code: `C${index}`,
    description: `Synthetic finding number ${index} of the load benchmark, left side`,
  }));
  const bigBundle = {
    resourceType: 'Bundle',
    type: 'collection',
    entry: Array.from({ length: 1_000 }, (_, index) => ({
      resource: {
        resourceType: 'Observation',
        id: `o${index}`,
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
        valueQuantity: { value: 60 + (index % 40), unit: '/min' },
      },
    })),
  };
  let deep = '1';
  for (let level = 0; level < 3_000; level++) deep = `[${deep}]`;
  const large = JSON.stringify(largePatient());
  const largeRequests = [
    {
      name: `sandbox create, one ${(large.length / 1e6).toFixed(1)} MB Patient`,
      path: '/fhir/sandbox/Patient',
      init: () => ({
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' },
        body: large,
      }),
    },
    {
      name: `flatten, one ${(large.length / 1e6).toFixed(1)} MB Patient`,
      path: '/fhir2summary/create',
      init: () => ({
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: `{"mode":"flatten","fhir_resources":${large}}`,
      }),
    },
  ];
  const others = [
    {
      name: 'flatten, 4 sibling forEach (N⁴ rows)',
      path: '/fhir2summary/create',
      init: () =>
        json({
          mode: 'flatten',
          fhir_resources: manyNamesPatient(40),
          view_definition: {
            resourceType: 'ViewDefinition',
            resource: 'Patient',
            status: 'active',
            select: [0, 1, 2, 3].map((index) => ({
              forEach: 'name',
              column: [{ name: `f${index}`, path: 'family' }],
            })),
          },
        }),
    },
    {
      name: 'construe upload, 85,000 codes',
      path: '/construe/upload',
      init: () =>
        json({
          name: `load_${randomBytes(4).toString('hex')}`,
          version: '1',
          format: 'json',
          codes: uploadCodes,
        }),
    },
    {
      name: 'flatten, 1,000 Observations',
      path: '/fhir2summary/create',
      init: () => json({ mode: 'flatten', fhir_resources: bigBundle }),
    },
    {
      name: 'workflow, nested sub-workflows',
      path: `/workflows/${nestedWorkflowId}/execute`,
      init: () => json({ input_data: { mrn: 'MRN-1' } }),
    },
    {
      name: 'JSON body nested 3,000 deep',
      path: '/fhir2omop/create',
      init: () => ({
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: `{"fhir_resources":${deep}}`,
      }),
    },
  ];
  const chosen =
    options.heavy === 'large'
      ? largeRequests
      : options.heavy === 'others'
        ? others
        : [...others, ...largeRequests];
  return chosen.filter((request) => request.name.includes(options.only));
}

/** The error code and message of a refusal, shortened. */
function refusalOf(text) {
  try {
    const body = JSON.parse(text);
    return `${body.error?.code ?? ''} ${String(body.message ?? '').slice(0, 110)}`;
  } catch {
    return text.slice(0, 110);
  }
}

async function sendHeavy(baseUrl, requests, until) {
  const results = new Map(
    requests.map((request) => [request.name, { statuses: {}, ms: [], refusal: '' }]),
  );
  const worker = async (offset) => {
    for (let index = offset; !until(); index++) {
      const request = requests[index % requests.length];
      const started = performance.now();
      let status = 'error';
      try {
        const response = await fetch(`${baseUrl}${request.path}`, {
          ...request.init(),
          signal: AbortSignal.timeout(120_000),
        });
        const text = await response.text();
        status = String(response.status);
        const result = results.get(request.name);
        if (response.status >= 400 && !result.refusal) result.refusal = refusalOf(text);
      } catch {
        // counted as 'error'
      }
      const result = results.get(request.name);
      result.ms.push(performance.now() - started);
      result.statuses[status] = (result.statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all([worker(0), worker(1)]);
  return results;
}

// ---------------------------------------------------------------- run

async function profileEnv() {
  const base = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    // The workflow case searches a FHIR stub on 127.0.0.1.
    FHIR_OUTBOUND_ALLOW_LOOPBACK: 'true',
  };
  if (options.profile === 'server') {
    const name = `${process.env.BENCH_DB_PREFIX ?? 'bench_load'}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      env: {
        ...base,
        DATABASE_URL: url.toString(),
        REDIS_URL,
        REDIS_PREFIX: name,
        RUN_WORKER_IN_API: 'true',
      },
      async cleanup() {
        const client = new pg.Client({ connectionString: ADMIN_URL });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  return {
    env: { ...base, DATA_DIR: dataDir },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function probe(api, file, lines) {
  writeFileSync(`${file}.mark`, String(lines));
  for (let attempt = 0; attempt < 100; attempt++) {
    await sleep(50);
    const written = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    if (written.length >= lines) return JSON.parse(written[lines - 1]);
  }
  throw new Error('the event-loop probe did not answer');
}

const { env, cleanup } = await profileEnv();
const probeFile = join(mkdtempSync(join(tmpdir(), 'bench-load-probe-')), 'delay.jsonl');
writeFileSync(probeFile, '');
const fhirStub = await startFhirStub();
let api;
try {
  await runCli(['migrate'], env);
  const created = await runCli(
    ['clients:create', '--account', 'load', '--plan', 'paid', '--json'],
    env,
  );
  const { client_id: id, client_secret: secret } = JSON.parse(created.trim().split('\n').pop());
  api = await startApi({ ...env, EVENT_LOOP_PROBE_FILE: probeFile });
  const tokenResponse = await fetch(`${api.baseUrl}/v2/auth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
  });
  const { access_token: token } = await tokenResponse.json();
  const nestedWorkflowId = await createNestedWorkflows(api.baseUrl, token, fhirStub.baseUrl);

  await probe(api, probeFile, 1); // start-up is not part of either phase
  const idleEnd = performance.now() + SECONDS * 1000;
  const idle = await pollHealth(api.baseUrl, () => performance.now() > idleEnd);
  const idleDelay = await probe(api, probeFile, 2);

  const stubRequestsBefore = fhirStub.requests;
  const loadEnd = performance.now() + SECONDS * 1000;
  const stop = () => performance.now() > loadEnd;
  const [loaded, heavy] = await Promise.all([
    pollHealth(api.baseUrl, stop),
    sendHeavy(api.baseUrl, heavyRequests(token, nestedWorkflowId), stop),
  ]);
  const loadedDelay = await probe(api, probeFile, 3);
  const searchesDuringLoad = fhirStub.requests - stubRequestsBefore;

  console.log(
    `\nbench/load — ${options.profile} profile, ${SECONDS} s per phase, heavy requests: ${options.heavy}\n`,
  );
  console.log('phase   /health n  p50 ms  p99 ms  max ms  failed  event-loop delay p99 / max ms');
  for (const [name, polled, delay] of [
    ['idle', idle, idleDelay],
    ['loaded', loaded, loadedDelay],
  ]) {
    console.log(
      `${name.padEnd(7)} ${String(polled.latencies.length).padStart(9)}  ${String(round(percentile(polled.latencies, 50))).padStart(6)}  ${String(round(percentile(polled.latencies, 99))).padStart(6)}  ${String(round(Math.max(...polled.latencies))).padStart(6)}  ${String(polled.failures).padStart(6)}  ${delay.p99} / ${delay.max}`,
    );
  }
  console.log(
    `ratio loaded/idle /health p99: ${round(percentile(loaded.latencies, 99) / percentile(idle.latencies, 99))}×`,
  );
  console.log('\nheavy requests (two clients, one after another each):');
  for (const [name, result] of heavy) {
    console.log(
      `  ${name.padEnd(40)} n=${String(result.ms.length).padStart(3)}  statuses ${JSON.stringify(result.statuses)}  p50 ${round(percentile(result.ms, 50))} ms  max ${round(Math.max(...result.ms))} ms`,
    );
  }
  for (const [name, result] of heavy)
    if (result.refusal) console.log(`  first refusal of ${name}: ${result.refusal}`);
  const runs = heavy.get('workflow, nested sub-workflows')?.ms.length ?? 0;
  if (runs > 0)
    console.log(
      `  FHIR stub: ${searchesDuringLoad} requests for ${runs} workflow runs (${round(searchesDuringLoad / runs)} a run; ${FAN_OUT ** LEVELS} a run without the budget)`,
    );
} finally {
  if (api && api.child.exitCode === null) {
    // Waits for the exit (a CPU profile is written then), 15 s at most.
    const exited = new Promise((done) => api.child.once('exit', done));
    api.child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
  }
  await cleanup();
  await fhirStub.close();
  rmSync(dirname(probeFile), { recursive: true, force: true });
}
