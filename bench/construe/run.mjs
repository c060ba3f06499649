#!/usr/bin/env node
// Benchmark of the code-system service (construe) over all of ICD-10-CM, in the embedded
// profile (PGlite, in-process jobs) and the server profile (PostgreSQL + BullMQ on Redis).
//
//   npm run build && node bench/construe/run.mjs [--profile embedded|server|both]
//                                                [--skip-embedding-wait] [--embedding-timeout-min N]
//
// It prints its figures and ratios to a naive baseline measured in the same run, and writes
// bench/construe/results-<date>.json. It never exits non-zero because of a timing or an
// accuracy figure: only when the benchmark cannot be set up (no build, no database, ...).
// See bench/construe/README.md.
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { naiveBm25 } from './naive-bm25.mjs';
import { gunzipSync } from 'node:zlib';

const { fetch } = globalThis;
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const referenceDir = resolve(repoRoot, '..', 'shared', 'reference');
const orderFile = join(referenceDir, 'nlp', 'codes', 'icd10cm-order-Jan-2021.txt.gz');
const codesFile = join(referenceDir, 'nlp', 'codes', 'icd10cm_2021_codes.csv.gz');
// An evaluation set written by others: read here only, never loaded into the service.
const devFile = join(referenceDir, 'nlp', 'eval', 'icd10cm-2021-inclusion-terms-dev.tsv');
const distDir = resolve(repoRoot, process.env.BENCH_DIST_DIR ?? 'dist');
const apiMain = join(distDir, 'apps', 'api', 'src', 'main.js');
const cliMain = join(distDir, 'apps', 'cli', 'src', 'main.js');

const SYSTEM = 'ICD-10-CM';
const RELEASE = 'ICD10CM FY2021';
const WARMUP = 20;
const LIMIT = 5;
const POLL_MS = 2000;
const TARGET_P95_MS = 20;
const ADMIN_DATABASE_URL =
  process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Settings of the service that must not leak from the caller's shell into the runs.
const SERVICE_SETTINGS = [
  'PORT',
  'HOST',
  'TRUST_PROXY',
  'BODY_LIMIT',
  'RATE_LIMIT_MAX',
  'RATE_LIMIT_TTL_SECONDS',
  'DATABASE_URL',
  'DATA_DIR',
  'REDIS_URL',
  'REDIS_PREFIX',
  'RUN_MIGRATIONS',
  'RUN_WORKER_IN_API',
  'WORKER_CONCURRENCY',
  'JWT_SECRET',
  'TOKEN_TTL_SECONDS',
  'ENCRYPTION_KEY',
  'CREATE_DEMO_CLIENT',
  'VOCABULARY_CACHE_SIZE',
  'EMBEDDINGS_URL',
  'EMBEDDINGS_MODEL',
  'EMBEDDINGS_API_KEY',
  'EMBEDDING_JOB_ATTEMPTS',
  'EMBEDDING_JOB_BACKOFF_MS',
  'LOG_LEVEL',
  'NODE_ENV',
  'NEST_DEVTOOLS',
  'NEST_DEVTOOLS_PORT',
];

class SetupError extends Error {}

// ---------------------------------------------------------------------------------------------
// Arguments and preconditions

const { values: options } = parseArgs({
  options: {
    profile: { type: 'string', default: 'both' },
    'skip-embedding-wait': { type: 'boolean', default: false },
    'embedding-timeout-min': { type: 'string', default: '30' },
    'dev-sample': { type: 'string', default: '0' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (options.help) {
  console.log(`Usage: node bench/construe/run.mjs [--profile embedded|server|both]
                                   [--skip-embedding-wait] [--embedding-timeout-min N]
  --skip-embedding-wait     do not wait for the ICD-10-CM embeddings; semantic search is skipped
  --embedding-timeout-min   give up waiting for the embeddings after N minutes (default 30)
  --dev-sample N            use every k-th dev-set term so that about N are searched (default 0: all)
Environment: BENCH_ADMIN_DATABASE_URL (default ${ADMIN_DATABASE_URL}),
             BENCH_REDIS_URL (default ${REDIS_URL})`);
  process.exit(0);
}
const profiles = options.profile === 'both' ? ['embedded', 'server'] : [options.profile];
if (!profiles.every((profile) => profile === 'embedded' || profile === 'server')) {
  console.error(`--profile must be embedded, server or both (got "${options.profile}")`);
  process.exit(2);
}
const embeddingTimeoutMs = Number(options['embedding-timeout-min']) * 60_000;
if (!(embeddingTimeoutMs > 0)) {
  console.error('--embedding-timeout-min must be a positive number');
  process.exit(2);
}

for (const file of [orderFile, codesFile]) {
  if (!existsSync(file)) {
    console.log(`SKIP: reference data not found (${file}).`);
    console.log(
      'The construe benchmark needs ../shared/reference/nlp/codes next to the repository.',
    );
    process.exit(0);
  }
}
if (!existsSync(apiMain) || !existsSync(cliMain)) {
  console.error('run `npm run build` first');
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Data: queries and the ICD-10-CM descriptions for the baseline

const queries = JSON.parse(readFileSync(join(here, 'queries.json'), 'utf8'));
/** The ICD-10-CM inclusion terms (code, term, title): unseen wordings of the codes. */
const devQueries = (() => {
  if (!existsSync(devFile)) {
    console.log(`dev set not found (${devFile}); its figures are skipped`);
    return [];
  }
  const rows = readFileSync(devFile, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      const [expected, query] = line.split('\t');
      return { query, expected };
    });
  const sample = Number(options['dev-sample']);
  const step = sample > 0 ? Math.max(1, Math.floor(rows.length / sample)) : 1;
  return rows.filter((_, index) => index % step === 0);
})();
const codeKey = (code) => String(code).replace(/[.\s]/g, '').toUpperCase();

/** Minimal CSV line parser (quoted fields with "" escapes). */
function parseCsvLine(line) {
  const fields = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

const catalogue = (() => {
  const lines = gunzipSync(readFileSync(codesFile)).toString('utf8').split(/\r?\n/);
  const header = parseCsvLine(lines[0]);
  const codeAt = header.indexOf('code');
  const longAt = header.indexOf('long_description');
  const keys = [];
  const descriptions = [];
  for (const line of lines.slice(1)) {
    if (!line) continue;
    const fields = parseCsvLine(line);
    keys.push(codeKey(fields[codeAt]));
    descriptions.push(fields[longAt].toLowerCase());
  }
  return { keys, descriptions };
})();

/**
 * The baseline: rank every code by how many query words (lower-cased, split on
 * non-alphanumerics) occur as substrings of its long description; ties by the shorter
 * description, then file order. Codes matching no word are not returned.
 */
function baselineSearch(query, limit) {
  const words = [
    ...new Set(
      query
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean),
    ),
  ];
  const { keys, descriptions } = catalogue;
  const top = []; // best first: [score, length, index]
  const better = (a, b) =>
    a[0] > b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])));
  for (let index = 0; index < descriptions.length; index += 1) {
    const description = descriptions[index];
    let score = 0;
    for (const word of words) if (description.includes(word)) score += 1;
    if (score === 0) continue;
    const candidate = [score, description.length, index];
    if (top.length === limit && !better(candidate, top[limit - 1])) continue;
    let at = top.length;
    while (at > 0 && better(candidate, top[at - 1])) at -= 1;
    top.splice(at, 0, candidate);
    if (top.length > limit) top.pop();
  }
  return top.map(([, , index]) => keys[index]);
}

/**
 * The naive BM25 baseline: the long descriptions of the same 95,358 codes, lower-cased and
 * split on non-alphanumerics (no stemming, stop words, synonyms or hierarchy), Okapi BM25
 * (k1 1.2, b 0.75), ties by file order.
 */
const bm25 = (() => {
  const search = naiveBm25(catalogue.descriptions);
  return (query, limit) => search(query, limit).map((doc) => catalogue.keys[doc]);
})();

function measureBm25(set) {
  const samples = [];
  const rankings = [];
  for (const { query } of set) {
    const started = performance.now();
    rankings.push(bm25(query, LIMIT));
    samples.push(performance.now() - started);
  }
  const { misses, ...acc } = accuracy(rankings, set);
  return { ...latencyStats(samples), ...acc, top5_misses: misses.length };
}

// ---------------------------------------------------------------------------------------------
// Statistics

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length); // nearest rank
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

function latencyStats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1);
  return {
    n: sorted.length,
    p50_ms: round(percentile(sorted, 50), 2),
    p95_ms: round(percentile(sorted, 95), 2),
    mean_ms: round(mean, 2),
    max_ms: round(sorted[sorted.length - 1], 2),
  };
}

function accuracy(rankings, set = queries) {
  let top1 = 0;
  let top5 = 0;
  const misses = [];
  rankings.forEach((ranked, index) => {
    const expected = codeKey(set[index].expected);
    if (ranked[0] === expected) top1 += 1;
    if (ranked.slice(0, 5).includes(expected)) top5 += 1;
    else misses.push(set[index].query);
  });
  return { top1: round(top1 / rankings.length, 3), top5: round(top5 / rankings.length, 3), misses };
}

function round(value, digits) {
  if (!Number.isFinite(value)) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const ratio = (ours, theirs) =>
  Number.isFinite(ours) && Number.isFinite(theirs) && theirs !== 0 ? round(ours / theirs, 2) : null;

function measureBaseline() {
  for (const { query } of queries.slice(0, WARMUP)) baselineSearch(query, LIMIT);
  const samples = [];
  const rankings = [];
  for (const { query } of queries) {
    const started = performance.now();
    rankings.push(baselineSearch(query, LIMIT));
    samples.push(performance.now() - started);
  }
  const { misses, ...acc } = accuracy(rankings);
  return { ...latencyStats(samples), ...acc, top5_misses: misses.length };
}

// ---------------------------------------------------------------------------------------------
// Processes

const cleanups = [];
let interrupted = false;

async function runCleanups() {
  while (cleanups.length > 0) {
    const { label, action } = cleanups.pop();
    try {
      await action();
    } catch (error) {
      console.log(`  cleanup (${label}) failed: ${error.message}`);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\n${signal}: cleaning up…`);
    runCleanups().finally(() => process.exit(130));
  });
}

function serviceEnv(extra) {
  const env = { ...process.env };
  for (const key of SERVICE_SETTINGS) delete env[key];
  return { ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...extra };
}

/** Runs the CLI to completion; stderr goes through to ours (import progress), stdout is kept. */
function runCli(args, env) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cliMain, ...args], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      // Progress lines end in \r; when stderr is not a terminal keep only the final ones.
      const text = process.stderr.isTTY
        ? String(chunk)
        : String(chunk).replace(/[^\r\n]*\r(?!\n)/g, '');
      process.stderr.write(text.replace(/^(?!$)/gm, '    '));
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolvePromise({ stdout, stderr, seconds });
      else
        reject(
          new SetupError(
            `CLI ${args[0]} exited with ${code}:\n${(stdout + stderr).trim().split('\n').slice(-15).join('\n')}`,
          ),
        );
    });
  });
}

/** Starts the API, resolves once it prints its address. Logs are kept for the report. */
function startApi(env) {
  return new Promise((resolvePromise, reject) => {
    const startedAt = performance.now();
    // BENCH_API_NODE_ARGS: extra node options for the API process, e.g.
    // "--cpu-prof --cpu-prof-dir=/tmp/prof" (the profile is written when the API stops).
    const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, apiMain], {
      cwd: repoRoot,
      env: {
        ...env,
        PORT: process.env.BENCH_PORT ?? '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        CREATE_DEMO_CLIENT: 'false',
        // 440+ requests within a few seconds from one address: lift the per-address limit so
        // the benchmark measures search, not 429s.
        RATE_LIMIT_MAX: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const api = { child, startedAt, logLines: [], exited: null, baseUrl: null };
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      child.kill('SIGKILL');
      reject(
        new SetupError(
          `the API did not start within 180 s:\n${api.logLines.slice(-15).join('\n')}`,
        ),
      );
    }, 180_000);
    const onLine = (line) => {
      const match = /API listening on http:\/\/localhost:(\d+)/.exec(line);
      if (match && !settled) {
        settled = true;
        clearTimeout(timer);
        api.baseUrl = `http://127.0.0.1:${match[1]}`;
        api.listeningAt = performance.now();
        resolvePromise(api);
      } else if (line.trim()) api.logLines.push(line);
    };
    for (const stream of [child.stdout, child.stderr]) {
      let buffer = '';
      stream.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop();
        lines.forEach(onLine);
      });
      stream.on('end', () => buffer && onLine(buffer));
    }
    child.on('error', (error) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        reject(error);
      }
    });
    child.on('exit', (code, signal) => {
      api.exited = { code, signal };
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        reject(
          new SetupError(
            `the API exited (${code ?? signal}) before listening:\n${api.logLines.slice(-15).join('\n')}`,
          ),
        );
      }
    });
  });
}

function stopApi(api) {
  return new Promise((resolvePromise) => {
    if (api.exited) return resolvePromise(api.exited);
    const killer = setTimeout(() => {
      console.log('  the API did not stop within 30 s of SIGTERM: SIGKILL');
      api.child.kill('SIGKILL');
    }, 30_000);
    api.child.once('exit', (code, signal) => {
      clearTimeout(killer);
      resolvePromise({ code, signal });
    });
    api.child.kill('SIGTERM');
  });
}

/** Pino lines at warn (40) or above, and anything that is not JSON. */
function notableLogLines(lines) {
  return lines.filter((line) => {
    try {
      const entry = JSON.parse(line);
      const level =
        typeof entry.level === 'number'
          ? entry.level
          : ({ warn: 40, error: 50, fatal: 60 }[entry.level] ?? 0);
      return level >= 40;
    } catch {
      return true;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP

async function request(api, path, init = {}, retried = false) {
  let response;
  try {
    response = await fetch(`${api.baseUrl}${path}`, {
      ...init,
      headers: { ...(api.token ? { authorization: `Bearer ${api.token}` } : {}), ...init.headers },
    });
  } catch (error) {
    // A keep-alive socket the server closed while the runner was busy in-process (the
    // baselines): one retry on a fresh connection, for idempotent requests only.
    if (retried || (init.method ?? 'GET') !== 'GET') throw error;
    return request(api, path, init, true);
  }
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text };
  }
  return { status: response.status, body };
}

async function getToken(api, credentials) {
  const basic = Buffer.from(`${credentials.client_id}:${credentials.client_secret}`).toString(
    'base64',
  );
  const { status, body } = await request(api, '/v2/auth/token', {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
  });
  if (status !== 200 || !body.access_token)
    throw new SetupError(
      `POST /v2/auth/token answered ${status}: ${JSON.stringify(body).slice(0, 300)}`,
    );
  return body.access_token;
}

async function waitForEmbeddings(api, progressOf) {
  const deadline = performance.now() + embeddingTimeoutMs;
  let lastPrint = 0;
  let lastStatus = '';
  for (;;) {
    if (interrupted) throw new SetupError('interrupted');
    const { status, body } = await request(api, `/construe/codes/systems/${SYSTEM}`);
    const now = performance.now();
    const elapsed = (now - api.startedAt) / 1000;
    if (status !== 200) {
      console.log(
        `    ${elapsed.toFixed(0)} s: GET /construe/codes/systems/${SYSTEM} answered ${status}: ${JSON.stringify(body).slice(0, 200)}`,
      );
    } else if (body.status === 'ready' || body.status === 'failed') {
      return {
        status: body.status,
        error: body.error,
        codeCount: body.code_count,
        seconds: elapsed,
        fromListening: (now - api.listeningAt) / 1000,
      };
    } else if (body.status !== lastStatus || now - lastPrint >= 30_000) {
      const progress = progressOf ? await progressOf().catch(() => '') : '';
      console.log(
        `    ${elapsed.toFixed(0)} s: ${body.status}, ${body.code_count} codes${progress}`,
      );
      lastPrint = now;
      lastStatus = body.status;
    }
    if (now > deadline) return { status: 'timeout', codeCount: body?.code_count, seconds: elapsed };
    await new Promise((resolvePromise) => setTimeout(resolvePromise, POLL_MS));
  }
}

/**
 * CPU time (user + system) the API process has used so far, in ms, from /proc (Linux; null
 * elsewhere). Over a measurement it gives the API's mean CPU per request, which the other
 * processes of a shared machine do not inflate the way they inflate wall time.
 */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, counted from the pid; here from the state (3).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux build in use (getconf CLK_TCK). */
const CLOCK_TICKS_PER_S = 100;

async function measureSearch(api, kind, set = queries) {
  const path = (query) =>
    kind === 'text'
      ? `/construe/codes/${SYSTEM}/search/text?q=${encodeURIComponent(query)}&limit=${LIMIT}`
      : `/construe/codes/${SYSTEM}/search/semantic?text=${encodeURIComponent(query)}&limit=${LIMIT}`;
  for (const { query } of queries.slice(0, WARMUP)) await request(api, path(query));
  const cpuBefore = processCpuMs(api.child.pid);
  const samples = [];
  const rankings = [];
  const errors = [];
  for (const { query } of set) {
    const started = performance.now();
    const { status, body } = await request(api, path(query));
    samples.push(performance.now() - started);
    if (status !== 200 || !Array.isArray(body.results)) {
      errors.push(`${status} for "${query}": ${JSON.stringify(body).slice(0, 200)}`);
      rankings.push([]);
    } else rankings.push(body.results.map((result) => codeKey(result.code)));
  }
  const cpuAfter = processCpuMs(api.child.pid);
  const { misses, ...acc } = accuracy(rankings, set);
  const slowest = samples
    .map((ms, index) => ({ query: set[index].query, ms: round(ms, 1) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5);
  const missDetails = set
    .map(({ query, expected }, index) => ({ query, expected, got: rankings[index] }))
    .filter(({ query }) => misses.includes(query));
  return {
    ...latencyStats(samples),
    api_cpu_ms_per_request:
      cpuBefore === null || cpuAfter === null
        ? null
        : round((cpuAfter - cpuBefore) / set.length, 2),
    ...acc,
    errors: errors.length,
    top5_misses: misses.length,
    slowest,
    _misses: missDetails,
    _errors: errors,
  };
}

// ---------------------------------------------------------------------------------------------
// Profiles

async function setUpServer(id, profileResult) {
  const { default: pg } = await import('pg');
  // BENCH_DB_PREFIX: a prefix of the database's name (default bench_), for shared servers.
  const database = `${process.env.BENCH_DB_PREFIX ?? 'bench_'}${id}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new SetupError(`cannot reach PostgreSQL at ${ADMIN_DATABASE_URL}: ${error.message}`);
  }
  try {
    await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
  cleanups.push({
    label: `drop database ${database}`,
    action: async () => {
      const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
      console.log(`  dropped database ${database}`);
    },
  });
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  // The Redis prefix follows the database's name (a shared server's keys stay told apart).
  const prefix = database;
  cleanups.push({ label: `redis keys ${prefix}*`, action: () => deleteRedisKeys(prefix) });
  profileResult.database = database;

  // Progress of the embedding, read straight from the database (the API reports only the status).
  const progressOf = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT count(c.embedding)::int AS done, count(*)::int AS total
         FROM construe_code c JOIN construe_code_system s ON s.id = c.system_id
         WHERE s.builtin AND s.name = $1`,
        [SYSTEM],
      );
      return rows[0] ? ` (${rows[0].done}/${rows[0].total} embedded)` : '';
    } finally {
      await client.end();
    }
  };
  return {
    env: serviceEnv({
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      JWT_SECRET: randomBytes(36).toString('base64'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      RUN_WORKER_IN_API: 'true',
    }),
    progressOf,
  };
}

function deleteRedisKeys(prefix) {
  const scan = spawnSync('redis-cli', ['-u', REDIS_URL, '--scan', '--pattern', `${prefix}*`], {
    encoding: 'utf8',
  });
  if (scan.error?.code === 'ENOENT') {
    console.log(`  redis-cli not found: Redis keys ${prefix}* left in place`);
    return;
  }
  if (scan.status !== 0) throw new Error(`redis-cli --scan: ${scan.stderr.trim()}`);
  const keys = scan.stdout.split('\n').filter(Boolean);
  for (let at = 0; at < keys.length; at += 500) {
    const del = spawnSync('redis-cli', ['-u', REDIS_URL, 'DEL', ...keys.slice(at, at + 500)], {
      encoding: 'utf8',
    });
    if (del.status !== 0) throw new Error(`redis-cli DEL: ${del.stderr.trim()}`);
  }
  console.log(`  deleted ${keys.length} Redis key(s) ${prefix}*`);
}

async function runProfile(profile) {
  const id = randomBytes(4).toString('hex');
  const result = {
    profile,
    started_at: new Date().toISOString(),
    loadavg_at_start: loadavg().map((v) => round(v, 2)),
  };
  console.log(`\n=== Profile: ${profile} ===`);
  const cleanupDepth = cleanups.length;
  let api;
  try {
    let env;
    let progressOf;
    if (profile === 'embedded') {
      const dir = mkdtempSync(join(process.env.BENCH_TMP ?? tmpdir(), 'construe-bench-'));
      cleanups.push({
        label: `remove ${dir}`,
        action: () => {
          rmSync(dir, { recursive: true, force: true });
          console.log(`  removed ${dir}`);
        },
      });
      env = serviceEnv({ DATA_DIR: join(dir, 'data') });
      console.log(`  DATA_DIR ${join(dir, 'data')}`);
    } else {
      ({ env, progressOf } = await setUpServer(id, result));
      console.log(`  database ${result.database}, Redis prefix bench_${id}`);
    }

    // 1. Import (the CLI runs the migrations first on a fresh store; both are in the wall time).
    console.log(`  vocab:import --icd10cm ${relative(repoRoot, orderFile)}`);
    const imported = await runCli(
      ['vocab:import', '--icd10cm', orderFile, '--release', RELEASE],
      env,
    );
    process.stdout.write(imported.stdout.replace(/^(?!$)/gm, '    '));
    const own = /Done in ([\d.]+) s/.exec(imported.stdout);
    const count = /Imported (\d+) /.exec(imported.stdout);
    result.import = {
      wall_s: round(imported.seconds, 2),
      cli_reported_s: own ? Number(own[1]) : null,
      codes: count ? Number(count[1]) : null,
    };

    // 2. Credentials (before the API: an embedded data directory has one opener at a time).
    const created = await runCli(
      ['clients:create', '--account', 'bench', '--plan', 'paid', '--json'],
      env,
    );
    const jsonLine = created.stdout
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .pop();
    const credentials = jsonLine ? JSON.parse(jsonLine) : null;
    if (!credentials?.client_id || !credentials?.client_secret)
      throw new SetupError(
        `clients:create printed no credentials: ${created.stdout.slice(0, 300)}`,
      );

    // 3. API and token.
    api = await startApi(env);
    cleanups.push({
      label: 'stop the API',
      action: async () => {
        const exit = await stopApi(api);
        console.log(`  API stopped (${exit.signal ?? `exit ${exit.code}`})`);
      },
    });
    result.api_start_s = round((api.listeningAt - api.startedAt) / 1000, 2);
    console.log(`  API listening on ${api.baseUrl} after ${result.api_start_s} s`);
    api.token = await getToken(api, credentials);

    // 4. Embeddings.
    let semanticReady = false;
    if (options['skip-embedding-wait']) {
      const { body } = await request(api, `/construe/codes/systems/${SYSTEM}`);
      result.embedding = { status: `skipped (--skip-embedding-wait; status was ${body.status})` };
      console.log(`  embedding wait skipped (status ${body.status}); semantic search skipped`);
    } else {
      console.log(`  waiting for the ${SYSTEM} embeddings (poll every ${POLL_MS / 1000} s)…`);
      const embedded = await waitForEmbeddings(api, progressOf);
      result.embedding = {
        status: embedded.status,
        codes: embedded.codeCount,
        seconds_from_api_start: round(embedded.seconds, 1),
        codes_per_s:
          embedded.status === 'ready' ? round(embedded.codeCount / embedded.seconds, 1) : null,
        ...(embedded.error ? { error: embedded.error } : {}),
      };
      semanticReady = embedded.status === 'ready';
      console.log(
        semanticReady
          ? `  embedded ${embedded.codeCount} codes in ${embedded.seconds.toFixed(1)} s from API start: ${result.embedding.codes_per_s} codes/s`
          : `  embedding ${embedded.status}${embedded.error ? `: ${embedded.error}` : ''}; semantic search skipped`,
      );
    }

    // 5. Search latency and accuracy.
    if (!semanticReady) {
      const { body } = await request(api, `/construe/codes/systems/${SYSTEM}`);
      if (body.status === 'processing') result.text_during_embedding = true;
    }
    if (semanticReady) {
      // The learned vectors are built in the API after the system is ready, in slices between
      // requests: one semantic search waits for them, so that no measurement shares the CPU
      // with the learning.
      const started = performance.now();
      await request(
        api,
        `/construe/codes/${SYSTEM}/search/semantic?text=${encodeURIComponent(queries[0].query)}&limit=${LIMIT}`,
      );
      result.first_semantic_s = round((performance.now() - started) / 1000, 2);
      console.log(`  first semantic search answered after ${result.first_semantic_s} s`);
    }
    console.log(`  text search: ${WARMUP} warm-up + ${queries.length} requests…`);
    result.text = await measureSearch(api, 'text');
    if (semanticReady) {
      console.log(`  semantic search: ${WARMUP} warm-up + ${queries.length} requests…`);
      result.semantic = await measureSearch(api, 'semantic');
    }
    console.log('  baseline (in-process, no HTTP)…');
    result.baseline = measureBaseline();
    result.bm25 = measureBm25(queries);
    if (devQueries.length > 0) {
      console.log(`  dev set: ${devQueries.length} inclusion terms, text search…`);
      result.dev = { n: devQueries.length, text: await measureSearch(api, 'text', devQueries) };
      if (semanticReady) {
        console.log('  dev set: semantic (hybrid) search…');
        result.dev.semantic = await measureSearch(api, 'semantic', devQueries);
      }
      result.dev.bm25 = measureBm25(devQueries);
      result.dev.ratios = {
        text_top5_vs_bm25: ratio(result.dev.text.top5, result.dev.bm25.top5),
        semantic_top5_vs_bm25: ratio(result.dev.semantic?.top5, result.dev.bm25.top5),
      };
    }
    result.ratios = {
      text_top1_vs_baseline: ratio(result.text.top1, result.baseline.top1),
      text_top5_vs_baseline: ratio(result.text.top5, result.baseline.top5),
      text_p95_vs_baseline: ratio(result.text.p95_ms, result.baseline.p95_ms),
      text_top5_vs_bm25: ratio(result.text.top5, result.bm25.top5),
      semantic_top5_vs_bm25: ratio(result.semantic?.top5, result.bm25.top5),
      ...(result.semantic
        ? {
            semantic_top1_vs_baseline: ratio(result.semantic.top1, result.baseline.top1),
            semantic_top5_vs_baseline: ratio(result.semantic.top5, result.baseline.top5),
            semantic_p95_vs_baseline: ratio(result.semantic.p95_ms, result.baseline.p95_ms),
          }
        : {}),
    };
  } catch (error) {
    result.setup_error = error.message;
    console.log(`  SETUP ERROR: ${error.message}`);
  } finally {
    // Cleanup of this profile, in reverse order: API, database/Redis or the temp dir.
    while (cleanups.length > cleanupDepth) {
      const { label, action } = cleanups.pop();
      try {
        await action();
      } catch (error) {
        console.log(`  cleanup (${label}) failed: ${error.message}`);
      }
    }
    if (api) {
      const notable = notableLogLines(api.logLines);
      result.api_log = {
        warn_or_error_lines: notable.length,
        first: notable.slice(0, 5).map((line) => line.slice(0, 400)),
      };
    }
  }
  printProfile(result);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Output

const fmt = (value, digits = 2) =>
  value === null || value === undefined ? '—' : Number(value).toFixed(digits);
const pct = (value) =>
  value === null || value === undefined ? '—' : `${(value * 100).toFixed(1)}%`;
const x = (value) => (value === null || value === undefined ? '—' : `${value.toFixed(2)}×`);

function table(rows) {
  const widths = rows[0].map((_, column) =>
    Math.max(...rows.map((row) => String(row[column]).length)),
  );
  return rows
    .map((row, index) => {
      const line = row
        .map((cell, column) =>
          column === 0
            ? String(cell).padEnd(widths[column])
            : String(cell).padStart(widths[column]),
        )
        .join('   ');
      return index === 0 ? `${line}\n${'-'.repeat(line.length)}` : line;
    })
    .join('\n');
}

function printProfile(result) {
  console.log(`\n--- ${result.profile} profile ---`);
  if (result.import)
    console.log(
      `import (CLI vocab:import incl. migrations, wall): ${fmt(result.import.wall_s)} s` +
        `   (CLI's own figure: ${fmt(result.import.cli_reported_s, 1)} s, ${result.import.codes ?? '?'} codes)`,
    );
  if (result.embedding)
    console.log(
      result.embedding.codes_per_s
        ? `embedding: ${result.embedding.codes} codes ready ${fmt(result.embedding.seconds_from_api_start, 1)} s after API start → ${fmt(result.embedding.codes_per_s, 1)} codes/s`
        : `embedding: ${result.embedding.status}${result.embedding.error ? ` (${result.embedding.error})` : ''}`,
    );
  if (result.first_semantic_s != null)
    console.log(
      `first semantic search (waits for the learned vectors) answered after ${fmt(result.first_semantic_s)} s`,
    );
  if (result.text) {
    const rows = [
      [
        'search (200 queries, limit 5)',
        'p50 ms',
        'p95 ms',
        'mean ms',
        'API CPU ms/req',
        'top-1',
        'top-5',
        'errors',
      ],
    ];
    for (const [label, stats] of [
      ['text, HTTP', result.text],
      ['semantic, HTTP', result.semantic],
      ['baseline, in-process (no HTTP)', result.baseline],
      ['naive BM25 over titles, in-process', result.bm25],
      ...(result.dev
        ? [
            [`dev set (${result.dev.n}): text, HTTP`, result.dev.text],
            [`dev set: semantic (hybrid), HTTP`, result.dev.semantic],
            ['dev set: naive BM25, in-process', result.dev.bm25],
          ]
        : []),
    ]) {
      if (!stats) rows.push([label, '—', '—', '—', '—', '—', '—', 'skipped']);
      else
        rows.push([
          label,
          fmt(stats.p50_ms),
          fmt(stats.p95_ms),
          fmt(stats.mean_ms),
          stats.api_cpu_ms_per_request == null ? '—' : fmt(stats.api_cpu_ms_per_request),
          pct(stats.top1),
          pct(stats.top5),
          stats.errors ?? 0,
        ]);
    }
    console.log(table(rows));
    const r = result.ratios ?? {};
    console.log(
      `ratios to baseline: text top-1 ${x(r.text_top1_vs_baseline)}, top-5 ${x(r.text_top5_vs_baseline)}, p95 ${x(r.text_p95_vs_baseline)}` +
        (result.semantic
          ? `; semantic top-1 ${x(r.semantic_top1_vs_baseline)}, top-5 ${x(r.semantic_top5_vs_baseline)}, p95 ${x(r.semantic_p95_vs_baseline)}`
          : ''),
    );
    for (const [label, stats] of [
      ['text', result.text],
      ['semantic', result.semantic],
      ['dev-set text', result.dev?.text],
      ['dev-set semantic', result.dev?.semantic],
    ]) {
      if (!stats) continue;
      console.log(
        `${label} search, slowest: ${stats.slowest.map(({ query, ms }) => `"${query}" ${ms} ms`).join(', ')}`,
      );
      if (stats._misses.length > 0)
        console.log(
          `${label} search, top-5 misses (${stats._misses.length}), first 8:\n` +
            stats._misses
              .slice(0, 8)
              .map(
                ({ query, expected, got }) =>
                  `    "${query}": expected ${expected}, got ${got.join(' ') || 'nothing'}`,
              )
              .join('\n'),
        );
      for (const error of stats._errors.slice(0, 3)) console.log(`  request error: ${error}`);
    }
    if (result.text_during_embedding)
      console.log('NOTE: text search was measured while the embedding job was still running.');
  }
  if (result.api_log?.warn_or_error_lines)
    console.log(
      `API log: ${result.api_log.warn_or_error_lines} line(s) at warn or above; first: ${result.api_log.first[0]}`,
    );
  if (result.setup_error) console.log(`setup error: ${result.setup_error}`);
}

function printSummary(results) {
  console.log(
    '\n=== Summary (ICD-10-CM FY2021, 200 queries; timings are wall-clock on a shared machine) ===',
  );
  const columns = results.map((result) => result.profile);
  const get = (result, path) =>
    path.split('.').reduce((value, key) => (value == null ? value : value[key]), result);
  const rows = [['figure', ...columns]];
  const add = (label, path, format) =>
    rows.push([label, ...results.map((result) => format(get(result, path)))]);
  add('import, s (wall)', 'import.wall_s', (v) => fmt(v));
  add('embedding, codes/s', 'embedding.codes_per_s', (v) => fmt(v, 1));
  add('text p50 / ms', 'text.p50_ms', (v) => fmt(v));
  add('text p95 / ms', 'text.p95_ms', (v) => fmt(v));
  add('semantic p50 / ms', 'semantic.p50_ms', (v) => fmt(v));
  add('semantic p95 / ms', 'semantic.p95_ms', (v) => fmt(v));
  add('text top-1', 'text.top1', pct);
  add('text top-5', 'text.top5', pct);
  add('semantic top-1', 'semantic.top1', pct);
  add('semantic top-5', 'semantic.top5', pct);
  add('baseline p50 / ms (in-process)', 'baseline.p50_ms', (v) => fmt(v));
  add('baseline p95 / ms (in-process)', 'baseline.p95_ms', (v) => fmt(v));
  add('baseline top-1', 'baseline.top1', pct);
  add('baseline top-5', 'baseline.top5', pct);
  add('text top-1 / baseline', 'ratios.text_top1_vs_baseline', x);
  add('text top-5 / baseline', 'ratios.text_top5_vs_baseline', x);
  add('text p95 / baseline p95', 'ratios.text_p95_vs_baseline', x);
  add('semantic top-5 / baseline', 'ratios.semantic_top5_vs_baseline', x);
  add('naive BM25 top-1 / top-5', 'bm25', (v) => (v ? `${pct(v.top1)} / ${pct(v.top5)}` : '—'));
  add('text top-5 / naive BM25', 'ratios.text_top5_vs_bm25', x);
  add('semantic top-5 / naive BM25', 'ratios.semantic_top5_vs_bm25', x);
  const both = (v) => (v ? `${pct(v.top1)} / ${pct(v.top5)}` : '—');
  const lat = (v) => (v ? `${fmt(v.p50_ms)} / ${fmt(v.p95_ms)}` : '—');
  add('dev: text top-1 / top-5', 'dev.text', both);
  add('dev: semantic (hybrid) top-1 / top-5', 'dev.semantic', both);
  add('dev: naive BM25 top-1 / top-5', 'dev.bm25', both);
  add('dev: text top-5 / naive BM25', 'dev.ratios.text_top5_vs_bm25', x);
  add('dev: semantic top-5 / naive BM25', 'dev.ratios.semantic_top5_vs_bm25', x);
  add('dev: text p50 / p95 ms', 'dev.text', lat);
  add('dev: semantic p50 / p95 ms', 'dev.semantic', lat);
  const cpu = (v) =>
    v?.api_cpu_ms_per_request == null ? '—' : `${fmt(v.api_cpu_ms_per_request)} ms`;
  add('API CPU per request: text', 'text', cpu);
  add('API CPU per request: semantic', 'semantic', cpu);
  add('dev: API CPU per request, text', 'dev.text', cpu);
  add('dev: API CPU per request, semantic', 'dev.semantic', cpu);
  console.log(table(rows));
  const server = results.find((result) => result.profile === 'server');
  if (server?.text)
    console.log(
      `target: p95 text search under ${TARGET_P95_MS} ms in the server profile: ${server.text.p95_ms < TARGET_P95_MS ? 'met' : 'NOT met'} (${fmt(server.text.p95_ms)} ms)` +
        (server.semantic
          ? `; semantic p95 ${fmt(server.semantic.p95_ms)} ms (${server.semantic.p95_ms < TARGET_P95_MS ? 'met' : 'NOT met'})`
          : '') +
        ' — informational, never a failure',
    );
}

async function writeResults(results) {
  const date = new Date().toISOString().slice(0, 10);
  const file = join(here, `results-${date}.json`);
  let previous = {};
  try {
    previous = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    previous = {};
  }
  const strip = (value) => {
    if (!value || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map(strip);
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !key.startsWith('_'))
        .map(([key, v]) => [key, strip(v)]),
    );
  };
  const document = {
    benchmark: 'bench/construe',
    date,
    machine: {
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model,
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    },
    data: {
      system: SYSTEM,
      release: RELEASE,
      order_file: 'nlp/codes/icd10cm-order-Jan-2021.txt.gz',
      queries: queries.length,
      dev_set: devQueries.length
        ? { file: 'nlp/eval/icd10cm-2021-inclusion-terms-dev.tsv', terms: devQueries.length }
        : null,
      limit: LIMIT,
      warmup: WARMUP,
    },
    notes: [
      'Latencies are client-side wall time per request (performance.now around fetch), sequential, after 20 warm-up requests.',
      'The baseline runs in-process over the long descriptions of icd10cm_2021_codes.csv.gz, so it has no HTTP cost.',
      'The naive BM25 (k1 1.2, b 0.75, no stemming) runs in-process over the same long descriptions.',
      'search/semantic is hybrid: reciprocal rank fusion of the lexical ranking and the vector ranking.',
      'codes/s = code_count / seconds from spawning the API to status ready (includes API boot).',
    ],
    profiles: {
      ...(previous.profiles ?? {}),
      ...Object.fromEntries(results.map((result) => [result.profile, strip(result)])),
    },
  };
  writeFileSync(file, await formatJson(file, document));
  console.log(`\nresults written to ${relative(repoRoot, file)}`);
}

/** The repository's Prettier style when Prettier is installed, so the file can be committed as is. */
async function formatJson(file, document) {
  const json = `${JSON.stringify(document, null, 2)}\n`;
  try {
    const prettier = await import('prettier');
    const config = (await prettier.resolveConfig(file)) ?? {};
    return await prettier.format(json, { ...config, filepath: file });
  } catch {
    return json;
  }
}

// ---------------------------------------------------------------------------------------------

console.log(
  `construe benchmark: ${queries.length} queries, ${catalogue.keys.length} ICD-10-CM codes for the baseline, profiles: ${profiles.join(', ')}`,
);
console.log(
  `machine: ${cpus().length} CPU(s), load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}, Node ${process.version}`,
);
const results = [];
for (const profile of profiles) {
  if (interrupted) break;
  results.push(await runProfile(profile));
}
await runCleanups();
printSummary(results);
await writeResults(results);
process.exitCode = results.some((result) => result.setup_error) ? 1 : 0;
