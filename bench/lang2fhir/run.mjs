#!/usr/bin/env node
// Benchmark of lang2fhir (clinical text → one FHIR resource) over HTTP in the embedded profile,
// on the sentences of bench/lang2fhir/sentences.json with the Athena vocabulary subset loaded.
//
//   node scripts/build.mjs dist && node bench/lang2fhir/run.mjs [--rounds 5]
//   BENCH_DIST_DIR=dist-x node bench/lang2fhir/run.mjs
//
// Scores valid FHIR (200, not 422), resource type, kind (for `auto`) and codes, and measures
// latency per sentence next to the text engine alone and a naive regex classifier, both in
// process and in the same run. It never fails because of a timing or a score: it exits 1
// only when it cannot be set up (no build, the API does not start, ...). See README.md.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { fetch } = globalThis;
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const reference = resolve(repoRoot, '..', 'shared', 'reference');
const athenaDir = join(reference, 'omop', 'vocab', 'athena-subset');
const distDir = resolve(repoRoot, process.env.BENCH_DIST_DIR ?? 'dist');
const apiMain = join(distDir, 'apps', 'api', 'src', 'main.js');
const cliMain = join(distDir, 'apps', 'cli', 'src', 'main.js');
const nlpIndex = join(distDir, 'libs', 'clinical-nlp', 'src', 'index.js');
const TARGET_P50_MS = 20;

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (options.help) {
  console.log(`Usage: node bench/lang2fhir/run.mjs [--rounds N]
  --rounds   timed passes over all sentences after one warm-up pass (default 5)
Environment: BENCH_DIST_DIR (default dist)`);
  process.exit(0);
}
const ROUNDS = Math.max(1, Number(options.rounds) || 5);

if (!existsSync(athenaDir)) {
  console.log(`SKIP: the Athena vocabulary subset is not in ${athenaDir}`);
  process.exit(0);
}
for (const file of [apiMain, cliMain, nlpIndex]) {
  if (!existsSync(file)) {
    console.error(
      `no build at ${file}: run \`node scripts/build.mjs dist\` (or set BENCH_DIST_DIR)`,
    );
    process.exit(1);
  }
}

const { analyzeClinicalText } = await import(pathToFileURL(nlpIndex).href);

// ---------------------------------------------------------------- sentences

const { systems, sentences } = JSON.parse(readFileSync(join(here, 'sentences.json'), 'utf8'));
for (const sentence of sentences)
  sentence.expectedCodes = sentence.codes.map(([name, code]) => {
    if (!systems[name]) throw new Error(`${sentence.id}: unknown system ${name}`);
    return { system: systems[name], code };
  });

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

// ---------------------------------------------------------------- the naive baseline

// Keyword rules, first match wins: what a quick regex router would do with no text engine.
const BASELINE_RULES = [
  [/\?/, 'questionnaire'],
  [/\b(insur\w*|medicare|medicaid|member id|policy)\b/i, 'coverage'],
  [/\b(appointment|schedule|book)\b/i, 'appointment'],
  [/\b(care plan|plan of care|treatment plan)\b/i, 'careplan'],
  [/\b(order\w*|refer\w*|request)\b/i, 'servicerequest'],
  [
    /\b\d+(?:\.\d+)?\s*(mg|mcg|g)\b.*\b(tablet|capsule|daily|bid|tid|inhaler)\b/i,
    'medicationrequest',
  ],
  [
    /\b(blood pressure|bp|heart rate|pulse|temperature|respiratory rate|spo2|weight|height|bmi)\b/i,
    'vital-signs',
  ],
  [/\b(mmol\/l|mg\/dl|g\/dl|miu\/l|a1c|inr)\b/i, 'observation-lab'],
  [/\b(showed|revealed)\b/i, 'observation-clinical-result'],
  [/\b(\w+ectomy|\w+oscopy|replacement|graft|underwent|performed)\b/i, 'procedure'],
  [/\b(diagnos\w*)\b/i, 'condition-encounter-diagnosis'],
  [/\b(visit|admitted|seen in)\b/i, 'encounter'],
  [/\b(mrn|dob|born|date of birth|year old)\b/i, 'patient'],
  [/\b(smok\w*|status|pain severity)\b/i, 'simple-observation'],
];
const TYPE_OF_KIND = {
  appointment: 'Appointment',
  careplan: 'CarePlan',
  'condition-encounter-diagnosis': 'Condition',
  'condition-problems-health-concerns': 'Condition',
  coverage: 'Coverage',
  encounter: 'Encounter',
  medicationrequest: 'MedicationRequest',
  'observation-clinical-result': 'Observation',
  'observation-lab': 'Observation',
  patient: 'Patient',
  procedure: 'Procedure',
  questionnaire: 'Questionnaire',
  questionnaireresponse: 'QuestionnaireResponse',
  servicerequest: 'ServiceRequest',
  'simple-observation': 'Observation',
  'vital-signs': 'Observation',
};

function baselineKind(text) {
  for (const [pattern, kind] of BASELINE_RULES) if (pattern.test(text)) return kind;
  return 'condition-problems-health-concerns';
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
const ratio = (ours, theirs) => round(percentile(ours, 50) / percentile(theirs, 50), 1);

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
        PORT: '0',
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

async function setUp() {
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
  console.log(`  DATA_DIR ${env.DATA_DIR}`);
  console.log(`  vocab:import --athena ${relative(repoRoot, athenaDir)}`);
  const importStarted = performance.now();
  await runCli(['vocab:import', '--athena', athenaDir], env);
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
  return { api, importSeconds, apiSeconds };
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

const VOCABULARY_SYSTEMS = new Set([systems.SNOMED, systems.LOINC, systems.RXNORM]);
const shortNames = new Map(Object.entries(systems).map(([name, uri]) => [uri, name]));
const shortKey = (key) => {
  const [system, code] = key.split('|');
  return `${shortNames.get(system) ?? system}|${code}`;
};

function score(sentence, { status, body }) {
  const resource = body.fhir_resource;
  const present = resource ? codingsIn(resource) : new Set();
  const outcome =
    status === 200 ? 'valid' : status === 422 ? (body.error?.code ?? 'unprocessable') : 'error';
  const missing = sentence.expectedCodes.filter(
    ({ system, code }) => !present.has(`${system}|${code}`),
  );
  return {
    id: sentence.id,
    resource: sentence.resource,
    status,
    outcome,
    valid: status === 200,
    type_ok: resource?.resourceType === sentence.type,
    kind_ok: body.resource_kind === sentence.kind,
    got: resource ? `${resource.resourceType}/${body.resource_kind}` : null,
    codes_expected: sentence.expectedCodes.length,
    codes_found: sentence.expectedCodes.length - missing.length,
    missing: missing.map(({ system, code }) => shortKey(`${system}|${code}`)),
    vocabulary_codes: [...present]
      .filter((key) => VOCABULARY_SYSTEMS.has(key.split('|')[0]))
      .map(shortKey),
    ...(status === 200
      ? {}
      : { error: body.error?.code ?? body.message, issues: body.error?.details }),
  };
}

function summarise(scores) {
  const auto = scores.filter((item) => item.resource === 'auto');
  const coded = scores.filter((item) => item.codes_expected > 0);
  return {
    sentences: scores.length,
    valid: share(scores.filter((item) => item.valid).length, scores.length),
    outcomes: scores.reduce(
      (counts, item) => ({ ...counts, [item.outcome]: (counts[item.outcome] ?? 0) + 1 }),
      {},
    ),
    type: share(scores.filter((item) => item.type_ok).length, scores.length),
    kind_auto: share(auto.filter((item) => item.kind_ok).length, auto.length),
    auto_sentences: auto.length,
    codes_all_present: share(
      coded.filter((item) => item.codes_found === item.codes_expected).length,
      coded.length,
    ),
    coded_sentences: coded.length,
    codings_found: share(
      coded.reduce((sum, item) => sum + item.codes_found, 0),
      coded.reduce((sum, item) => sum + item.codes_expected, 0),
    ),
  };
}

async function main() {
  console.log(
    `lang2fhir benchmark: ${sentences.length} sentences (${sentences.filter((s) => s.resource === 'auto').length} auto), ${ROUNDS} timed rounds, build ${relative(repoRoot, distDir)}`,
  );
  console.log(
    `machine: ${cpus().length} CPU(s) ${cpus()[0]?.model ?? '?'}, load ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  const { api, importSeconds, apiSeconds } = await setUp();

  // 1. Accuracy: one request per sentence as written (kind or auto), then all as auto.
  const scores = [];
  for (const sentence of sentences)
    scores.push(score(sentence, await create(api, sentence.resource, sentence.text)));
  const autoKinds = [];
  for (const sentence of sentences) {
    const { body } = await create(api, 'auto', sentence.text);
    autoKinds.push({ id: sentence.id, expected: sentence.kind, got: body.resource_kind ?? null });
  }

  // 2. Latency over HTTP (client wall time, sequential).
  console.log(`  HTTP: 1 warm-up + ${ROUNDS} passes of ${sentences.length} requests…`);
  const http = await timePerSentence((sentence) => create(api, sentence.resource, sentence.text));

  // 3. The text engine alone and the regex baseline, in process.
  const referenceDate = new Date();
  const engine = await timePerSentence((sentence) =>
    analyzeClinicalText(sentence.text, { referenceDate }),
  );
  const baselineKinds = sentences.map((sentence) => ({
    id: sentence.id,
    expected: sentence.kind,
    got: baselineKind(sentence.text),
  }));
  const baseline = await timePerSentence((sentence) => baselineKind(sentence.text));

  const result = {
    setup: { import_s: round(importSeconds, 1), api_start_s: round(apiSeconds, 1) },
    accuracy: summarise(scores),
    kind_all_as_auto: {
      lang2fhir: share(autoKinds.filter((k) => k.got === k.expected).length, sentences.length),
      baseline: share(baselineKinds.filter((k) => k.got === k.expected).length, sentences.length),
      lang2fhir_type: share(
        autoKinds.filter((k) => TYPE_OF_KIND[k.got] === TYPE_OF_KIND[k.expected]).length,
        sentences.length,
      ),
      baseline_type: share(
        baselineKinds.filter((k) => TYPE_OF_KIND[k.got] === TYPE_OF_KIND[k.expected]).length,
        sentences.length,
      ),
    },
    latency: {
      http: latency(http.samples),
      engine_in_process: latency(engine.samples),
      baseline_in_process: latency(baseline.samples),
    },
    http_p50_by_kind: Object.fromEntries(
      [...new Set(sentences.map((sentence) => sentence.kind))].map((kind) => [
        kind,
        round(
          percentile(
            sentences
              .filter((sentence) => sentence.kind === kind)
              .flatMap((sentence) => http.bySentence.get(sentence.id)),
            50,
          ),
        ),
      ]),
    ),
    slowest_http: [...http.bySentence]
      .map(([id, samples]) => ({ id, p50_ms: round(percentile(samples, 50)) }))
      .sort((a, b) => b.p50_ms - a.p50_ms)
      .slice(0, 5),
    failures: scores.filter(
      (item) => !item.valid || !item.type_ok || !item.kind_ok || item.missing.length > 0,
    ),
    auto_kind_misses: autoKinds.filter((k) => k.got !== k.expected),
    // Pino error level (50) and above; 4xx answers are logged at warn (40) and expected here.
    api_errors: api.lines.filter((line) => /"level":(?:50|60)\b/.test(line)).slice(0, 5),
  };
  result.latency.http_vs_engine = ratio(http.samples, engine.samples);
  result.latency.http_vs_baseline = ratio(http.samples, baseline.samples);
  result.target = {
    p50_under_ms: TARGET_P50_MS,
    met: result.latency.http.p50_ms < TARGET_P50_MS,
  };
  print(result);
  await writeResults(result);
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
  const a = result.accuracy;
  console.log(`\n--- accuracy (${a.sentences} sentences, Athena subset loaded) ---`);
  console.log(
    table([
      ['measure', 'score', 'over'],
      ['valid FHIR (200, not 422)', pct(a.valid), `${a.sentences} sentences`],
      ...Object.entries(a.outcomes)
        .filter(([outcome]) => outcome !== 'valid')
        .map(([outcome, count]) => [`  of which ${outcome}`, count, 'sentences']),
      ['right resource type', pct(a.type), `${a.sentences} sentences`],
      ['right kind (auto)', pct(a.kind_auto), `${a.auto_sentences} auto sentences`],
      ['every expected code present', pct(a.codes_all_present), `${a.coded_sentences} sentences`],
      ['expected codings found', pct(a.codings_found), 'all expected codings'],
    ]),
  );
  const k = result.kind_all_as_auto;
  console.log(`\n--- every sentence sent as auto: lang2fhir vs the regex baseline ---`);
  console.log(
    table([
      ['', 'lang2fhir', 'regex baseline'],
      ['right kind', pct(k.lang2fhir), pct(k.baseline)],
      ['right resource type', pct(k.lang2fhir_type), pct(k.baseline_type)],
    ]),
  );
  const l = result.latency;
  console.log(`\n--- latency per sentence (${l.http.n} samples each, after warm-up) ---`);
  console.log(
    table([
      ['', 'p50 ms', 'p95 ms', 'mean ms'],
      ['POST /lang2fhir/create (HTTP)', ms(l.http.p50_ms), ms(l.http.p95_ms), ms(l.http.mean_ms)],
      [
        'analyzeClinicalText (in process)',
        ms(l.engine_in_process.p50_ms),
        ms(l.engine_in_process.p95_ms),
        ms(l.engine_in_process.mean_ms),
      ],
      [
        'regex baseline (in process)',
        ms(l.baseline_in_process.p50_ms),
        ms(l.baseline_in_process.p95_ms),
        ms(l.baseline_in_process.mean_ms),
      ],
    ]),
  );
  console.log(
    `ratios of p50: HTTP / engine ${l.http_vs_engine}×, HTTP / baseline ${l.http_vs_baseline}×`,
  );
  console.log(
    `HTTP p50 by kind: ${Object.entries(result.http_p50_by_kind)
      .sort((x, y) => y[1] - x[1])
      .map(([kind, value]) => `${kind} ${value}`)
      .join(', ')} ms`,
  );
  console.log(
    `slowest over HTTP (p50): ${result.slowest_http.map((s) => `${s.id} ${s.p50_ms} ms`).join(', ')}`,
  );
  console.log(
    `target: p50 under ${TARGET_P50_MS} ms per sentence: ${result.target.met ? 'met' : 'NOT met'} (${ms(l.http.p50_ms)} ms) — informational, never a failure`,
  );
  if (result.failures.length > 0) {
    console.log(`\nsentences with a miss (${result.failures.length}):`);
    for (const item of result.failures)
      console.log(
        `  ${item.id.padEnd(8)} ${item.status} got ${item.got ?? '—'}` +
          (item.missing.length
            ? `; missing ${item.missing.join(', ')} (has ${item.vocabulary_codes.join(', ') || 'none'})`
            : '') +
          (item.error ? `; ${item.error}` : ''),
      );
  }
  if (result.auto_kind_misses.length > 0)
    console.log(
      `\nkind misses when every sentence is sent as auto: ${result.auto_kind_misses
        .map((miss) => `${miss.id} → ${miss.got ?? 'nothing found'}`)
        .join(', ')}`,
    );
  if (result.api_errors.length > 0)
    console.log(`\nAPI log at error level (first): ${result.api_errors[0].slice(0, 300)}`);
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
      'Embedded profile (PGlite), sequential requests; latency is client wall time around fetch.',
      'Codes are scored anywhere in the resource: every expected system|code pair must be present.',
      'kind_all_as_auto sends every sentence as auto; the regex baseline is a first-match keyword router.',
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
