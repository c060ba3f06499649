#!/usr/bin/env node
// Benchmark of lang2fhir (clinical text → one FHIR resource) over HTTP, in the embedded profile
// (PGlite) and the server profile (PostgreSQL + Redis), with the Athena vocabulary subset and all
// of ICD-10-CM loaded, on our 83 sentences (sentences.json) and the dev set written at bench time
// from the shared Synthea data (dev-set.mjs).
//
//   node scripts/build.mjs dist && node bench/lang2fhir/run.mjs [--rounds 5] [--profile both]
//   BENCH_DIST_DIR=dist-x node bench/lang2fhir/run.mjs
//
// Scores valid FHIR (200, not 422), resource type, kind (for `auto`) and codes (the exact rule:
// every coding in `code` and each `…CodeableConcept` acceptable, one present when a code is
// expected), and measures latency per sentence next to the text engine alone and a naive regex
// classifier, both in process and in the same run. It never fails because of a timing or a
// score: it exits 1 only when it cannot be set up (no build, the API does not start, ...).
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { baselineKind, TYPE_OF_KIND } from './baseline-router.mjs';
import { parseArgs } from 'node:util';
import { buildDevSet, DEV_SYSTEMS } from './dev-set.mjs';
import { athenaConcepts, athenaRows, icd10cmConcepts } from './vocabulary-files.mjs';

const { fetch } = globalThis;
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const reference = resolve(repoRoot, '..', 'shared', 'reference');
const athenaDir = join(reference, 'omop', 'vocab', 'athena-subset');
const distDir = resolve(repoRoot, process.env.BENCH_DIST_DIR ?? 'dist');
const apiMain = join(distDir, 'apps', 'api', 'src', 'main.js');
const cliMain = join(distDir, 'apps', 'cli', 'src', 'main.js');
const nlpIndex = join(distDir, 'libs', 'clinical-nlp', 'src', 'index.js');
const nameIndexModule = join(
  distDir,
  'libs',
  'vocabulary',
  'src',
  'domain',
  'name-index',
  'concept-name-index.js',
);
const publisherFilesModule = join(
  distDir,
  'libs',
  'vocabulary',
  'src',
  'domain',
  'publisher-files.js',
);
const icd10cmOrder = join(reference, 'nlp', 'codes', 'icd10cm-order-Jan-2021.txt.gz');
const ADMIN_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TARGET_P50_MS = 20;
const TARGET_P95_MS = 60;

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    profile: { type: 'string', default: 'both' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (options.help) {
  console.log(`Usage: node bench/lang2fhir/run.mjs [--rounds N] [--profile embedded|server|both]
  --rounds   timed passes over all sentences after one warm-up pass (default 5)
  --profile  embedded (PGlite), server (PostgreSQL + Redis) or both (default)
Environment: BENCH_DIST_DIR (default dist), BENCH_DATABASE_URL, BENCH_REDIS_URL,
  BENCH_EMBEDDED_DATA_DIR (reuse a DATA_DIR whose vocabulary is already imported),
  BENCH_PORT (the API's port; default any free one)`);
  process.exit(0);
}
const ROUNDS = Math.max(1, Number(options.rounds) || 5);
const PROFILES = options.profile === 'both' ? ['embedded', 'server'] : [options.profile];
if (!PROFILES.every((profile) => profile === 'embedded' || profile === 'server')) {
  console.error(`--profile must be embedded, server or both (got "${options.profile}")`);
  process.exit(1);
}

if (!existsSync(athenaDir)) {
  console.log(`SKIP: the Athena vocabulary subset is not in ${athenaDir}`);
  process.exit(0);
}
for (const file of [apiMain, cliMain, nlpIndex, nameIndexModule]) {
  if (!existsSync(file)) {
    console.error(
      `no build at ${file}: run \`node scripts/build.mjs dist\` (or set BENCH_DIST_DIR)`,
    );
    process.exit(1);
  }
}

const { analyzeClinicalText, linkPhrase } = await import(pathToFileURL(nlpIndex).href);
const { ConceptNameIndex } = await import(pathToFileURL(nameIndexModule).href);
const { parseIcd10cmOrderLine } = await import(pathToFileURL(publisherFilesModule).href);

// ---------------------------------------------------------------- sentences

const own = JSON.parse(readFileSync(join(here, 'sentences.json'), 'utf8'));
const { systems } = own;
const systemOf = (name, id) => {
  const uri = systems[name] ?? DEV_SYSTEMS[name];
  if (!uri) throw new Error(`${id}: unknown system ${name}`);
  return uri;
};
// Our sentences: every expected coding must be present somewhere (all of them).
for (const sentence of own.sentences) {
  sentence.set = 'own';
  sentence.expectedCodes = sentence.codes.map(([name, code]) => ({
    system: systemOf(name, sentence.id),
    code,
  }));
  sentence.acceptable = new Set(sentence.expectedCodes.map((c) => `${c.system}|${c.code}`));
  // Scored by the exact rule when a vocabulary code is expected (not only profile-fixed codes).
  sentence.held = sentence.expectedCodes.some(({ system }) =>
    [systems.SNOMED, systems.LOINC, systems.RXNORM, DEV_SYSTEMS.ICD10CM].includes(system),
  );
}
// The dev set: any one acceptable coding, and nothing else in `code` / `…CodeableConcept`.
const dev = buildDevSet(reference) ?? [];
for (const sentence of dev) {
  sentence.set = 'dev';
  sentence.expectedCodes = [];
  sentence.acceptable = new Set(
    sentence.acceptable.map(([name, code]) => `${systemOf(name, sentence.id)}|${code}`),
  );
}
const sentences = [...own.sentences, ...dev];

/** The codings the exact rule looks at: `code` and every `…CodeableConcept` element. */
function exactCodings(resource) {
  const found = [];
  for (const [key, value] of Object.entries(resource ?? {}))
    if (key === 'code' || key.endsWith('CodeableConcept'))
      for (const coding of value?.coding ?? []) found.push(`${coding.system}|${coding.code}`);
  return found;
}

/** Every {system, code} pair anywhere in a resource. */
function codingsIn(value, found = new Set()) {
  if (Array.isArray(value)) for (const item of value) codingsIn(item, found);
  else if (value && typeof value === 'object') {
    if (typeof value.system === 'string' && typeof value.code === 'string')
      found.add(`${value.system}|${value.code}`);
    for (const child of Object.values(value)) codingsIn(child, found);
  }
  return found;
}

// ---------------------------------------------------------------- statistics

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1];
}
const round = (value, digits = 2) =>
  Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : null;
const share = (hits, total) => (total > 0 ? round(hits / total, 3) : null);
const latency = (samples) => ({
  n: samples.length,
  p50_ms: round(percentile(samples, 50), 3),
  p95_ms: round(percentile(samples, 95), 3),
  mean_ms: round(samples.reduce((sum, value) => sum + value, 0) / (samples.length || 1), 3),
});

/** Times `work` for every sentence: one warm-up pass, then ROUNDS passes. */
async function timePerSentence(work) {
  for (const sentence of sentences) await work(sentence);
  const samples = [];
  const bySentence = new Map(sentences.map((sentence) => [sentence.id, []]));
  for (let pass = 0; pass < ROUNDS; pass += 1)
    for (const sentence of sentences) {
      const started = performance.now();
      await work(sentence);
      const ms = performance.now() - started;
      samples.push(ms);
      bySentence.get(sentence.id).push(ms);
    }
  return { samples, bySentence };
}

// ---------------------------------------------------------------- processes

class SetupError extends Error {}
const cleanups = [];

async function runCleanups() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.log(`  cleanup failed: ${error.message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    console.log(`\n${signal}: cleaning up…`);
    void runCleanups().finally(() => process.exit(130));
  });

function runCli(args, env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [cliMain, ...args], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolvePromise(stdout)
        : reject(new SetupError(`cli ${args[0]} exited ${code}: ${(stdout + stderr).slice(-800)}`)),
    );
  });
}

function startApi(env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [apiMain], {
      cwd: repoRoot,
      env: {
        ...env,
        PORT: process.env.BENCH_PORT ?? '0',
        HOST: '127.0.0.1',
        CREATE_DEMO_CLIENT: 'false',
        RATE_LIMIT_MAX: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines = [];
    let settled = false;
    const fail = (message) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new SetupError(`${message}:\n${lines.slice(-10).join('\n')}`));
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail('the API did not start within 180 s');
    }, 180_000);
    const onData = (chunk) => {
      for (const line of String(chunk).split('\n')) {
        const match = /API listening on http:\/\/localhost:(\d+)/.exec(line);
        if (match && !settled) {
          settled = true;
          clearTimeout(timer);
          resolvePromise({ child, lines, baseUrl: `http://127.0.0.1:${match[1]}` });
        } else if (line.trim()) lines.push(line);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => {
      child.exited = true;
      fail(`the API exited (${code ?? signal}) before listening`);
    });
  });
}

function stopApi(api) {
  return new Promise((resolvePromise) => {
    if (api.child.exited) return resolvePromise();
    const killer = setTimeout(() => api.child.kill('SIGKILL'), 30_000);
    api.child.once('exit', () => {
      clearTimeout(killer);
      resolvePromise();
    });
    api.child.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------- the run

async function createServerDatabase(id) {
  const { default: pg } = await import('pg');
  const database = `bench_l2f_${id}`;
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
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

function deleteRedisKeys(prefix) {
  const scan = spawnSync('redis-cli', ['-u', REDIS_URL, '--scan', '--pattern', `${prefix}*`], {
    encoding: 'utf8',
  });
  if (scan.error || scan.status !== 0) return;
  const keys = scan.stdout.split('\n').filter(Boolean);
  for (let at = 0; at < keys.length; at += 500)
    spawnSync('redis-cli', ['-u', REDIS_URL, 'DEL', ...keys.slice(at, at + 500)]);
}

async function setUp(profile) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-lang2fhir-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: join(dir, 'data'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  if (profile === 'server') {
    const id = randomBytes(4).toString('hex');
    env.DATABASE_URL = await createServerDatabase(id);
    env.REDIS_URL = REDIS_URL;
    env.REDIS_PREFIX = `bench_l2f_${id}`;
    env.RUN_WORKER_IN_API = 'true';
    cleanups.push(() => deleteRedisKeys(env.REDIS_PREFIX));
    console.log(
      `  database ${new URL(env.DATABASE_URL).pathname.slice(1)}, Redis prefix ${env.REDIS_PREFIX}`,
    );
  } else if (process.env.BENCH_EMBEDDED_DATA_DIR) {
    // A DATA_DIR prepared by an earlier run or by hand (vocabulary already imported): no import.
    env.DATA_DIR = resolve(process.env.BENCH_EMBEDDED_DATA_DIR);
    console.log(`  DATA_DIR ${env.DATA_DIR} (BENCH_EMBEDDED_DATA_DIR: imports skipped)`);
  } else console.log(`  DATA_DIR ${env.DATA_DIR}`);
  const reuse = profile === 'embedded' && Boolean(process.env.BENCH_EMBEDDED_DATA_DIR);
  const importStarted = performance.now();
  const vocabularies = ['Athena subset'];
  if (!reuse) {
    console.log(`  vocab:import --athena ${relative(repoRoot, athenaDir)}`);
    await runCli(['vocab:import', '--athena', athenaDir], env);
  }
  if (reuse) vocabularies.push('what BENCH_EMBEDDED_DATA_DIR holds');
  else if (existsSync(icd10cmOrder)) {
    console.log(`  vocab:import --icd10cm ${relative(repoRoot, icd10cmOrder)}`);
    await runCli(['vocab:import', '--icd10cm', icd10cmOrder, '--release', 'ICD10CM FY2021'], env);
    vocabularies.push('ICD-10-CM FY2021 (all codes)');
  } else console.log(`  ${icd10cmOrder} absent: ICD-10-CM not loaded`);
  const importSeconds = (performance.now() - importStarted) / 1000;
  const created = await runCli(
    ['clients:create', '--account', 'bench', '--plan', 'paid', '--json'],
    env,
  );
  const line = created
    .trim()
    .split('\n')
    .filter((text) => text.startsWith('{'))
    .pop();
  const credentials = line ? JSON.parse(line) : {};
  if (!credentials.client_id || !credentials.client_secret)
    throw new SetupError(`clients:create printed no credentials: ${created.slice(0, 300)}`);

  const apiStarted = performance.now();
  const api = await startApi(env);
  cleanups.push(() => stopApi(api));
  const apiSeconds = (performance.now() - apiStarted) / 1000;
  const basic = Buffer.from(`${credentials.client_id}:${credentials.client_secret}`).toString(
    'base64',
  );
  const tokenResponse = await fetch(`${api.baseUrl}/v2/auth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}` },
  });
  const { access_token: token } = await tokenResponse.json();
  if (!token) throw new SetupError(`no token (HTTP ${tokenResponse.status})`);
  api.token = token;
  console.log(
    `  import ${importSeconds.toFixed(1)} s, API listening on ${api.baseUrl} after ${apiSeconds.toFixed(1)} s`,
  );
  return { api, importSeconds, apiSeconds, vocabularies };
}

async function create(api, resource, text) {
  const response = await fetch(`${api.baseUrl}/lang2fhir/create?details=true`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${api.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ resource, text }),
  });
  const body = await response.json().catch(() => ({}));
  return { status: response.status, body };
}

/** The resource and kind of an answer, whether wrapped (`fhir_resource`) or bare. */
function answerOf(body) {
  const resource = body.fhir_resource ?? (typeof body.resourceType === 'string' ? body : undefined);
  return { resource, kind: body.resource_kind ?? body.resourceKind ?? null };
}

const VOCABULARY_SYSTEMS = new Set([
  systems.SNOMED,
  systems.LOINC,
  systems.RXNORM,
  DEV_SYSTEMS.ICD10CM,
]);
const shortNames = new Map(
  [...Object.entries(DEV_SYSTEMS), ...Object.entries(systems)].map(([name, uri]) => [uri, name]),
);
const shortKey = (key) => {
  const [system, code] = key.split('|');
  return `${shortNames.get(system) ?? system}|${code}`;
};

function score(sentence, { status, body }) {
  const { resource, kind } = answerOf(body);
  const present = resource ? codingsIn(resource) : new Set();
  const exact = resource ? exactCodings(resource) : [];
  const outcome =
    status === 200 ? 'valid' : status === 422 ? (body.error?.code ?? 'unprocessable') : 'error';
  const missing = sentence.expectedCodes.filter(
    ({ system, code }) => !present.has(`${system}|${code}`),
  );
  const unacceptable = exact.filter((key) => !sentence.acceptable.has(key));
  // The exact rule: something emitted, nothing outside the acceptable codes (and, for our own
  // sentences, every expected coding present).
  const exactOk =
    sentence.held &&
    unacceptable.length === 0 &&
    (sentence.set === 'own' ? missing.length === 0 : exact.length > 0);
  return {
    id: sentence.id,
    set: sentence.set,
    resource: sentence.resource,
    status,
    outcome,
    valid: status === 200,
    type_ok: resource?.resourceType === sentence.type,
    kind_ok: kind === sentence.kind,
    got: resource ? `${resource.resourceType}/${kind}` : null,
    held: sentence.held,
    exact_ok: exactOk,
    codes_expected: sentence.expectedCodes.length,
    codes_found: sentence.expectedCodes.length - missing.length,
    missing: missing.map(({ system, code }) => shortKey(`${system}|${code}`)),
    emitted: exact.map(shortKey),
    ...(sentence.set === 'dev' ? { acceptable: [...sentence.acceptable].map(shortKey) } : {}),
    vocabulary_codes: [...present]
      .filter((key) => VOCABULARY_SYSTEMS.has(key.split('|')[0]))
      .map(shortKey),
    ...(status === 200
      ? {}
      : { error: body.error?.code ?? body.message, message: body.error?.message }),
  };
}

function summarise(scores) {
  const auto = scores.filter((item) => item.resource === 'auto');
  const named = scores.filter((item) => item.resource !== 'auto');
  const held = scores.filter((item) => item.held);
  const coded = scores.filter((item) => item.codes_expected > 0);
  return {
    sentences: scores.length,
    valid: share(scores.filter((item) => item.valid).length, scores.length),
    outcomes: scores.reduce(
      (counts, item) => ({ ...counts, [item.outcome]: (counts[item.outcome] ?? 0) + 1 }),
      {},
    ),
    named_kind_sentences: named.length,
    named_kind_422: named.filter((item) => item.status === 422).length,
    type: share(scores.filter((item) => item.type_ok).length, scores.length),
    kind_auto: share(auto.filter((item) => item.kind_ok).length, auto.length),
    auto_sentences: auto.length,
    exact_rule: share(held.filter((item) => item.exact_ok).length, held.length),
    exact_rule_sentences: held.length,
    codes_all_present: share(
      coded.filter((item) => item.codes_found === item.codes_expected).length,
      coded.length,
    ),
    coded_sentences: coded.length,
  };
}

async function runProfile(profile) {
  console.log(`\n=== ${profile} profile ===`);
  const { api, importSeconds, apiSeconds, vocabularies } = await setUp(profile);
  try {
    // 1. Accuracy: one request per sentence as written (kind or auto), then ours all as auto.
    const scores = [];
    for (const sentence of sentences)
      scores.push(score(sentence, await create(api, sentence.resource, sentence.text)));
    const autoKinds = [];
    for (const sentence of own.sentences) {
      const { body } = await create(api, 'auto', sentence.text);
      autoKinds.push({ id: sentence.id, expected: sentence.kind, got: answerOf(body).kind });
    }
    // 2. Latency over HTTP (client wall time, sequential).
    console.log(`  HTTP: 1 warm-up + ${ROUNDS} passes of ${sentences.length} requests…`);
    const http = await timePerSentence((sentence) => create(api, sentence.resource, sentence.text));
    // The floor of the machine at that moment: an HTTP round trip that does no work.
    const floor = [];
    for (let i = 0; i < 200; i += 1) {
      const started = performance.now();
      await fetch(`${api.baseUrl}/health`).then((response) => response.arrayBuffer());
      floor.push(performance.now() - started);
    }
    return {
      profile,
      vocabularies,
      setup: { import_s: round(importSeconds, 1), api_start_s: round(apiSeconds, 1) },
      accuracy: {
        own: summarise(scores.filter((item) => item.set === 'own')),
        dev: summarise(scores.filter((item) => item.set === 'dev')),
        all: summarise(scores),
      },
      own_all_as_auto: share(
        autoKinds.filter((k) => k.got === k.expected).length,
        own.sentences.length,
      ),
      latency: {
        http: latency(http.samples),
        http_own: latency(own.sentences.flatMap((s) => http.bySentence.get(s.id))),
        http_dev: latency(dev.flatMap((s) => http.bySentence.get(s.id))),
        health_floor: latency(floor),
      },
      slowest_http: [...http.bySentence]
        .map(([id, samples]) => ({ id, p50_ms: round(percentile(samples, 50)) }))
        .sort((a, b) => b.p50_ms - a.p50_ms)
        .slice(0, 5),
      failures: scores.filter(
        (item) => !item.valid || !item.type_ok || (item.held && !item.exact_ok),
      ),
      api_errors: api.lines.filter((line) => /"level":(?:50|60)\b/.test(line)).slice(0, 5),
    };
  } finally {
    await runCleanups();
  }
}

async function main() {
  console.log(
    `lang2fhir benchmark: ${own.sentences.length} own + ${dev.length} dev sentences, ${ROUNDS} timed rounds, profiles ${PROFILES.join(', ')}, build ${relative(repoRoot, distDir)}`,
  );
  if (dev.length === 0) console.log('  the Synthea data is absent: no dev set');
  console.log(
    `machine: ${cpus().length} CPU(s) ${cpus()[0]?.model ?? '?'}, load ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  const profiles = [];
  for (const profile of PROFILES) profiles.push(await runProfile(profile));

  // The text engine alone and the regex baseline, in process, on the same sentences.
  const referenceDate = new Date();
  const engine = await timePerSentence((sentence) =>
    analyzeClinicalText(sentence.text, { referenceDate }),
  );
  const baseline = await timePerSentence((sentence) => baselineKind(sentence.text));
  // The engine and every vocabulary look-up a sentence needs, over the same in-memory name
  // index the API builds (Athena subset + ICD-10-CM, read here from the shared files).
  const index = buildNameIndex();
  const port = {
    search: async (target, phrase, limit) => index.search(VOCABULARY_OF[target], phrase, limit),
    respell: async (target, phrase) => index.respell(VOCABULARY_OF[target], phrase),
    brandIngredients: async (name) => index.brandIngredients(name),
  };
  const linked = await timePerSentence(async (sentence) => {
    const analysis = analyzeClinicalText(sentence.text, { referenceDate });
    for (const target of [...analysis.medications, ...analysis.phrases])
      await linkPhrase(target, port);
  });
  const baselineOf = (list) => ({
    kind: share(list.filter((s) => baselineKind(s.text) === s.kind).length, list.length),
    type: share(
      list.filter((s) => TYPE_OF_KIND[baselineKind(s.text)] === s.type).length,
      list.length,
    ),
  });
  const result = {
    profiles,
    baseline: { own: baselineOf(own.sentences), dev: baselineOf(dev) },
    latency_in_process: {
      engine: latency(engine.samples),
      engine_and_lookups: latency(linked.samples),
      name_index_concepts: index.size,
      baseline: latency(baseline.samples),
    },
    target: { p50_under_ms: TARGET_P50_MS, p95_under_ms: TARGET_P95_MS },
  };
  for (const profile of profiles) {
    profile.latency.http_vs_engine = round(
      profile.latency.http.p50_ms / result.latency_in_process.engine.p50_ms,
      1,
    );
    profile.target_met =
      profile.latency.http.p50_ms < TARGET_P50_MS && profile.latency.http.p95_ms < TARGET_P95_MS;
  }
  print(result);
  await writeResults(result);
}

const VOCABULARY_OF = {
  SNOMED: 'SNOMED',
  ICD10CM: 'ICD10CM',
  RXNORM: 'RxNorm',
  LOINC: 'LOINC',
  CPT: 'CPT4',
};

function buildNameIndex() {
  const concepts = athenaConcepts(athenaDir, Object.values(VOCABULARY_OF));
  if (existsSync(icd10cmOrder))
    concepts.push(...icd10cmConcepts(icd10cmOrder, parseIcd10cmOrderLine));
  const links = athenaRows(athenaDir, 'CONCEPT_RELATIONSHIP.csv').map((r) => ({
    from: Number(r.concept_id_1),
    to: Number(r.concept_id_2),
    relationshipId: r.relationship_id,
  }));
  return ConceptNameIndex.build(concepts, links);
}

// ---------------------------------------------------------------- output

const pct = (value) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
const ms = (value) => (value === null ? '—' : value.toFixed(value < 0.1 ? 3 : 2));

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

function print(result) {
  for (const profile of result.profiles) {
    const { own: o, dev: d } = profile.accuracy;
    console.log(`\n--- ${profile.profile} profile, ${profile.vocabularies.join(' + ')} ---`);
    console.log(
      table([
        ['measure', `own (${o.sentences})`, `dev (${d.sentences})`, 'regex baseline own / dev'],
        ['valid FHIR (200, not 422)', pct(o.valid), pct(d.valid), '—'],
        [
          '422 where the kind is named',
          `${o.named_kind_422}/${o.named_kind_sentences}`,
          `${d.named_kind_422}/${d.named_kind_sentences}`,
          '—',
        ],
        [
          'right resource type',
          pct(o.type),
          pct(d.type),
          `${pct(result.baseline.own.type)} / ${pct(result.baseline.dev.type)}`,
        ],
        ['right kind (auto sentences)', pct(o.kind_auto), pct(d.kind_auto), '—'],
        [
          'codes, exact rule (vocabulary holds one)',
          `${pct(o.exact_rule)} of ${o.exact_rule_sentences}`,
          `${pct(d.exact_rule)} of ${d.exact_rule_sentences}`,
          'no codes',
        ],
        ['every expected code present (own)', pct(o.codes_all_present), '—', '—'],
      ]),
    );
    const l = profile.latency;
    console.log(
      table([
        ['HTTP latency per sentence', 'p50 ms', 'p95 ms', 'mean ms'],
        ['all sentences', ms(l.http.p50_ms), ms(l.http.p95_ms), ms(l.http.mean_ms)],
        ['own', ms(l.http_own.p50_ms), ms(l.http_own.p95_ms), ms(l.http_own.mean_ms)],
        ['dev', ms(l.http_dev.p50_ms), ms(l.http_dev.p95_ms), ms(l.http_dev.mean_ms)],
        [
          'floor: GET /health, same run',
          ms(l.health_floor.p50_ms),
          ms(l.health_floor.p95_ms),
          ms(l.health_floor.mean_ms),
        ],
      ]),
    );
    console.log(
      `target p50 < ${TARGET_P50_MS} ms and p95 < ${TARGET_P95_MS} ms: ${profile.target_met ? 'met' : 'NOT met'} (informational); HTTP / engine p50 ${l.http_vs_engine}×`,
    );
    console.log(
      `slowest (p50): ${profile.slowest_http.map((s) => `${s.id} ${s.p50_ms} ms`).join(', ')}`,
    );
    if (profile.failures.length > 0) {
      console.log(`misses (${profile.failures.length}):`);
      for (const item of profile.failures)
        console.log(
          `  ${item.id.padEnd(8)} ${item.status} ${item.got ?? '—'}` +
            (item.held && !item.exact_ok
              ? `; emitted ${item.emitted.join(', ') || 'none'}` +
                (item.missing.length ? `; missing ${item.missing.join(', ')}` : '') +
                (item.acceptable ? `; acceptable ${item.acceptable.join(', ')}` : '')
              : '') +
            (item.error ? `; ${item.error}: ${item.message ?? ''}` : ''),
        );
    }
    if (profile.api_errors.length > 0)
      console.log(`API log at error level (first): ${profile.api_errors[0].slice(0, 300)}`);
  }
  const e = result.latency_in_process;
  console.log(
    `\nin process: analyzeClinicalText p50 ${ms(e.engine.p50_ms)} ms / p95 ${ms(e.engine.p95_ms)} ms; engine + every look-up over the name index (${e.name_index_concepts} concepts) p50 ${ms(e.engine_and_lookups.p50_ms)} ms / p95 ${ms(e.engine_and_lookups.p95_ms)} ms; regex baseline p50 ${ms(e.baseline.p50_ms)} ms`,
  );
}

async function writeResults(result) {
  const date = new Date().toISOString().slice(0, 10);
  const file = join(here, `results-${date}.json`);
  const document = {
    benchmark: 'bench/lang2fhir',
    date,
    machine: {
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model,
      node: process.version,
      loadavg: loadavg().map((v) => round(v)),
    },
    rounds: ROUNDS,
    notes: [
      'Sequential requests; latency is client wall time around fetch.',
      'Exact rule: every coding in `code` and each `…CodeableConcept` is acceptable, and one is present when the vocabulary holds an acceptable code (for our own sentences, every expected coding must also be present anywhere).',
      'The dev set is written at bench time from the shared Synthea data by dev-set.mjs.',
    ],
    ...result,
  };
  let json = `${JSON.stringify(document, null, 2)}\n`;
  try {
    const prettier = await import('prettier');
    const config = (await prettier.resolveConfig(file)) ?? {};
    json = await prettier.format(json, { ...config, filepath: file });
  } catch {
    // Prettier is a dev dependency; the plain JSON is fine without it.
  }
  writeFileSync(file, json);
  console.log(`\nresults written to ${relative(repoRoot, file)}`);
}

try {
  await main();
} catch (error) {
  console.error(`SETUP ERROR: ${error instanceof SetupError ? error.message : error.stack}`);
  process.exitCode = 1;
} finally {
  await runCleanups();
}
