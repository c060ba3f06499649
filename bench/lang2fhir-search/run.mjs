#!/usr/bin/env node
// Benchmark of POST /lang2fhir/search (text → resource type and search parameters) over HTTP in
// the embedded profile with the Athena vocabulary subset loaded, on requests made from the
// shared Synthea bulk export: each request is a resource's own code display and the year of its
// date ("<display> since <year>"), never naming the type; the expected type is the resource's.
// Next to it, in the same run, a naive baseline: always the most frequent type of the set.
//
//   node scripts/build.mjs && node bench/lang2fhir-search/run.mjs [--per-type 20]
//
// It never fails because of a score: it exits 1 only when it cannot be set up.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clearTimeout, setTimeout } from 'node:timers';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

const { fetch } = globalThis;
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const reference = resolve(repoRoot, '..', 'shared', 'reference');
const athenaDir = join(reference, 'omop', 'vocab', 'athena-subset');
const synthea = join(reference, 'fhir', 'synthea-bulk-ndjson-13-patients');
const apiMain = join(repoRoot, 'dist', 'apps', 'api', 'src', 'main.js');
const cliMain = join(repoRoot, 'dist', 'apps', 'cli', 'src', 'main.js');

const { values: options } = parseArgs({
  options: { 'per-type': { type: 'string', default: '20' } },
});
const PER_TYPE = Math.max(1, Number(options['per-type']) || 20);
const TYPES = {
  Condition: 'code',
  MedicationRequest: 'medicationCodeableConcept',
  Immunization: 'vaccineCode',
  Procedure: 'code',
  Observation: 'code',
  AllergyIntolerance: 'code',
  Encounter: 'type',
};
const DATE_OF = {
  Condition: 'onsetDateTime',
  MedicationRequest: 'authoredOn',
  Immunization: 'occurrenceDateTime',
  Procedure: 'performedPeriod',
  Observation: 'effectiveDateTime',
  AllergyIntolerance: 'recordedDate',
  Encounter: 'period',
};

for (const path of [athenaDir, synthea]) {
  if (!existsSync(path)) {
    console.log(`SKIP: ${path} is absent`);
    process.exit(0);
  }
}
if (!existsSync(apiMain)) {
  console.error('No build: run node scripts/build.mjs first');
  process.exit(1);
}

function requests() {
  const out = [];
  for (const [type, element] of Object.entries(TYPES)) {
    const file = join(synthea, `${type}.000.ndjson.gz`);
    if (!existsSync(file)) continue;
    const seen = new Set();
    for (const line of gunzipSync(readFileSync(file)).toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      const resource = JSON.parse(line);
      const concept = Array.isArray(resource[element]) ? resource[element][0] : resource[element];
      const display = concept?.text ?? concept?.coding?.[0]?.display;
      if (!display || seen.has(display.toLowerCase())) continue;
      seen.add(display.toLowerCase());
      const date = resource[DATE_OF[type]];
      const year = String(typeof date === 'string' ? date : (date?.start ?? '')).slice(0, 4);
      out.push({ type, text: year ? `${display} since ${year}` : display });
      if (seen.size >= PER_TYPE) break;
    }
  }
  return out;
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

function startApi(env) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [apiMain], {
      cwd: repoRoot,
      env: {
        ...env,
        PORT: '0',
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
  });
}

const dir = mkdtempSync(join(tmpdir(), 'bench-l2f-search-'));
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
try {
  await runCli(['vocab:import', '--athena', athenaDir], env);
  const created = await runCli(
    ['clients:create', '--account', 'bench', '--plan', 'paid', '--json'],
    env,
  );
  const credentials = JSON.parse(
    created
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .pop(),
  );
  api = await startApi(env);
  const basic = Buffer.from(`${credentials.client_id}:${credentials.client_secret}`).toString(
    'base64',
  );
  const { access_token: token } = await (
    await fetch(`${api.baseUrl}/v2/auth/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}` },
    })
  ).json();

  const set = requests();
  const counts = {};
  for (const { type } of set) counts[type] = (counts[type] ?? 0) + 1;
  const majority = Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0];
  let right = 0;
  let withCode = 0;
  const perType = {};
  const misses = [];
  for (const request of set) {
    const response = await fetch(`${api.baseUrl}/lang2fhir/search`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: request.text }),
    });
    const body = await response.json();
    const ok = body.resource_type === request.type;
    perType[request.type] ??= { right: 0, total: 0 };
    perType[request.type].total += 1;
    if (ok) {
      right += 1;
      perType[request.type].right += 1;
    } else
      misses.push(`${request.type} ← "${request.text}" → ${body.resource_type ?? response.status}`);
    if (/(^|&)(code|vaccine-code)=/.test(body.search_params ?? '')) withCode += 1;
  }
  const baseline = counts[majority] ?? 0;
  const pct = (n) => `${((100 * n) / set.length).toFixed(1)}%`;
  console.log(`requests: ${set.length} from ${synthea}`);
  console.log(`right resource type: ${right}/${set.length} = ${pct(right)}`);
  console.log(
    `naive baseline (always ${majority}): ${baseline}/${set.length} = ${pct(baseline)}; ratio ${(right / Math.max(1, baseline)).toFixed(2)}`,
  );
  console.log(`with a code parameter: ${withCode}/${set.length} = ${pct(withCode)}`);
  for (const [type, { right: r, total }] of Object.entries(perType))
    console.log(`  ${type}: ${r}/${total}`);
  console.log(`misses (first 20):\n  ${misses.slice(0, 20).join('\n  ')}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  api?.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
