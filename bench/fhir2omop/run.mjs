#!/usr/bin/env node
// Benchmark of the FHIR → OMOP mapper on the Synthea reference data, in process and through
// HTTP (embedded profile), next to JSON.parse of the same bytes measured in the same run.
//
//   npm run build && node bench/fhir2omop/run.mjs [--rounds 10] [--no-http]
//
// It prints figures and never fails because of a timing: it exits non-zero only when it
// cannot be set up (no build, the API does not start, ...). See bench/fhir2omop/README.md.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

// The service runs with a 64 MiB young generation (`npm start`, the Docker image); so does
// the mapper here, or the figures would measure V8's default scavenger instead.
export const SERVICE_V8_FLAGS = ['--max-semi-space-size=64'];
if (!SERVICE_V8_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  const child = spawn(
    process.execPath,
    [
      ...SERVICE_V8_FLAGS,
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  );
  const code = await new Promise((done) => child.on('exit', done));
  process.exit(code ?? 1);
}

const { fetch } = globalThis;
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const reference = resolve(repoRoot, '..', 'shared', 'reference');
const athenaDir = join(reference, 'omop', 'vocab', 'athena-subset');
const bulkDir = join(reference, 'fhir', 'synthea-bulk-ndjson-13-patients');
const bundlesDir = join(reference, 'fhir', 'synthea-hiv-bundles-14-patients');
const distDir = resolve(repoRoot, process.env.BENCH_DIST_DIR ?? 'dist');
const domain = join(distDir, 'libs', 'omop', 'src', 'domain');

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    'no-http': { type: 'boolean', default: false },
  },
});
const ROUNDS = Math.max(1, Number(options.rounds) || 10);

if (![athenaDir, bulkDir, bundlesDir].every(existsSync)) {
  console.log(`SKIP: the reference data is not in ${reference}`);
  process.exit(0);
}
if (!existsSync(join(domain, 'map-fhir-to-omop.js'))) {
  console.error('run `npm run build` first (or set BENCH_DIST_DIR)');
  process.exit(1);
}

const { mapFhirToOmop } = await import(pathToFileURL(join(domain, 'map-fhir-to-omop.js')).href);
const { HashedOmopIdAllocator } = await import(
  pathToFileURL(join(domain, 'ids', 'hashed-id-allocator.js')).href
);
const { InMemoryConceptSource } = await import(
  pathToFileURL(join(domain, 'vocabulary', 'in-memory-concept-source.js')).href
);

// ---------------------------------------------------------------- inputs

function athenaRows(file) {
  return readFileSync(join(athenaDir, file), 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

function athenaConcepts() {
  const concepts = athenaRows('CONCEPT.csv').map((row) => ({
    conceptId: Number(row[0]),
    conceptName: row[1],
    domainId: row[2],
    vocabularyId: row[3],
    conceptClassId: row[4],
    standardConcept: row[5] === 'S' || row[5] === 'C' ? row[5] : null,
    conceptCode: row[6],
    invalidReason: row[9] || null,
  }));
  const mapsTo = athenaRows('CONCEPT_RELATIONSHIP.csv')
    .filter((row) => row[2] === 'Maps to' && !row[5])
    .map((row) => [Number(row[0]), Number(row[1])]);
  const ancestors = athenaRows('CONCEPT_ANCESTOR.csv')
    .filter((row) => row[0] !== row[1])
    .map((row) => [Number(row[0]), Number(row[1])]);
  const versions = Object.fromEntries(athenaRows('VOCABULARY.csv').map((row) => [row[0], row[3]]));
  return new InMemoryConceptSource(concepts, mapsTo, versions, ancestors);
}

/** The NDJSON export as one collection Bundle (DocumentReferences included: they become notes). */
function bulkBundleText() {
  const resources = readdirSync(bulkDir)
    .filter((file) => file.endsWith('.ndjson.gz') && !file.startsWith('log'))
    .flatMap((file) =>
      gunzipSync(readFileSync(join(bulkDir, file)))
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== ''),
    );
  return {
    text: `{"resourceType":"Bundle","type":"collection","entry":[${resources.map((line) => `{"resource":${line}}`).join(',')}]}`,
    resources: resources.length,
  };
}

function patientBundles() {
  return readdirSync(bundlesDir)
    .filter(
      (file) => file.endsWith('.json.gz') && !/^(hospital|practitioner)Information/.test(file),
    )
    .sort()
    .map((file) => {
      const text = gunzipSync(readFileSync(join(bundlesDir, file))).toString('utf8');
      return { file, text, resources: JSON.parse(text).entry.length };
    });
}

// ---------------------------------------------------------------- measuring

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const rate = (count, ms) => Math.round(count / (ms / 1000));

/** Wall time, and CPU time of this process (what one core spends, whatever else runs on the machine). */
async function timeMapping(concepts, text) {
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  const input = JSON.parse(text);
  const parsedWall = performance.now();
  const parsedCpu = process.cpuUsage();
  await mapFhirToOmop(input, { concepts, ids: new HashedOmopIdAllocator(), prefetch: false });
  const mappedCpu = process.cpuUsage(parsedCpu);
  const parseCpu = process.cpuUsage(cpuStart);
  return {
    parseMs: parsedWall - wallStart,
    mapMs: performance.now() - parsedWall,
    parseCpuMs: (parseCpu.user + parseCpu.system - mappedCpu.user - mappedCpu.system) / 1000,
    mapCpuMs: (mappedCpu.user + mappedCpu.system) / 1000,
  };
}

async function inProcess(concepts, label, texts, resources) {
  for (let warmup = 0; warmup < 5; warmup++)
    for (const text of texts) await timeMapping(concepts, text);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const total = { parseMs: 0, mapMs: 0, parseCpuMs: 0, mapCpuMs: 0 };
    for (const text of texts) {
      const timing = await timeMapping(concepts, text);
      for (const key of Object.keys(total)) total[key] += timing[key];
    }
    rounds.push(total);
  }
  const pick = (key) => median(rounds.map((round) => round[key]));
  return {
    label,
    resources,
    mapPerSecond: rate(resources, pick('mapMs')),
    mapPerCpuSecond: rate(resources, pick('mapCpuMs')),
    parsePerSecond: rate(resources, pick('parseMs')),
    ratio: pick('mapMs') / pick('parseMs'),
  };
}

// ---------------------------------------------------------------- HTTP (embedded profile)

function spawnNode(script, args, env) {
  return spawn(process.execPath, [...SERVICE_V8_FLAGS, script, ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function runCli(args, env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawnNode(join(distDir, 'apps', 'cli', 'src', 'main.js'), args, env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolvePromise(stdout)
        : reject(new Error(`cli ${args[0]} exited ${code}: ${stderr.slice(-500)}`)),
    );
  });
}

function startApi(env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawnNode(join(distDir, 'apps', 'api', 'src', 'main.js'), [], {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CREATE_DEMO_CLIENT: 'false',
      RATE_LIMIT_MAX: '1000000',
    });
    const lines = [];
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API did not start within 180 s:\n${lines.slice(-10).join('\n')}`));
    }, 180_000);
    const onData = (chunk) => {
      for (const line of String(chunk).split('\n')) {
        const match = /API listening on http:\/\/localhost:(\d+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolvePromise({ child, baseUrl: `http://127.0.0.1:${match[1]}` });
        } else if (line.trim()) lines.push(line);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(`the API exited (${code}) before listening:\n${lines.slice(-10).join('\n')}`),
      );
    });
  });
}

async function overHttp(bundles) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-omop-'));
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
  };
  let api;
  try {
    console.log('  importing the Athena subset into a fresh embedded store…');
    await runCli(['vocab:import', '--athena', athenaDir], env);
    const created = await runCli(
      ['clients:create', '--account', 'bench', '--plan', 'paid', '--json'],
      env,
    );
    const { client_id: clientId, client_secret: clientSecret } = JSON.parse(
      created.trim().split('\n').pop(),
    );
    api = await startApi(env);
    const tokenResponse = await fetch(`${api.baseUrl}/v2/auth/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      },
    });
    const { access_token: token } = await tokenResponse.json();
    const post = async (bundle) => {
      const started = performance.now();
      const response = await fetch(`${api.baseUrl}/fhir2omop/create`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: `{"fhir_resources":${bundle.text}}`,
      });
      await response.arrayBuffer();
      if (response.status !== 200)
        throw new Error(`POST /fhir2omop/create answered ${response.status}`);
      return performance.now() - started;
    };
    for (const bundle of bundles) await post(bundle);
    const latencies = [];
    let total = 0;
    let resources = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const bundle of bundles) {
        const ms = await post(bundle);
        latencies.push(ms);
        total += ms;
        resources += bundle.resources;
      }
    }
    return {
      perSecond: rate(resources, total),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
    };
  } finally {
    api?.child.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- run

console.log(
  `fhir2omop benchmark: ${ROUNDS} rounds, node ${process.version} ${SERVICE_V8_FLAGS.join(' ')}, ${cpus()[0]?.model ?? '?'}, load ${loadavg()[0].toFixed(1)}`,
);
const concepts = athenaConcepts();
const bulk = bulkBundleText();
const bundles = patientBundles();
const results = [
  await inProcess(concepts, 'NDJSON export as one Bundle', [bulk.text], bulk.resources),
  await inProcess(
    concepts,
    `${bundles.length} patient Bundles`,
    bundles.map((bundle) => bundle.text),
    bundles.reduce((sum, bundle) => sum + bundle.resources, 0),
  ),
];

const latencies = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const bundle of bundles) {
    const timing = await timeMapping(concepts, bundle.text);
    latencies.push(timing.parseMs + timing.mapMs);
  }
}

console.log(
  '\nIn process, mapping only (wall time, and per CPU-second of this process = per core); baseline: JSON.parse of the same bytes',
);
console.table(
  results.map((result) => ({
    input: result.label,
    resources: result.resources,
    'mapped/s (wall)': result.mapPerSecond,
    'mapped per CPU-s': result.mapPerCpuSecond,
    'JSON.parse/s': result.parsePerSecond,
    'map time / parse time': Number(result.ratio.toFixed(2)),
  })),
);
console.log(
  `One-patient Bundle (parse + map), in process: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms over ${latencies.length} runs`,
);

if (!options['no-http']) {
  console.log('\nThrough HTTP (embedded profile, vocabulary in PGlite, sequential requests)');
  try {
    const http = await overHttp(bundles);
    console.table([
      {
        input: `${bundles.length} patient Bundles`,
        'resources/s': http.perSecond,
        'p50 ms': Number(http.p50.toFixed(1)),
        'p95 ms': Number(http.p95.toFixed(1)),
      },
    ]);
    console.log(
      `HTTP / in process throughput: ${(http.perSecond / results[1].mapPerSecond).toFixed(3)}`,
    );
  } catch (error) {
    console.error(`HTTP part could not run: ${error.message}`);
    process.exit(1);
  }
}
