#!/usr/bin/env node
// Bulk paths next to the database's own speed, in one run on one machine:
//  - Athena: writes a synthetic download of --athena-rows rows, loads it with
//    `psql \copy` into tables with the same primary keys (the baseline), then runs
//    `vocab:import --athena` in the server profile and the embedded profile.
// Prints rows/s, the ratio to the baseline and each process's peak RSS.
//
//   npm run build && node bench/bulk/run.mjs [--athena-rows 1000000] [--profile both|server|embedded]
//
// PostgreSQL and Redis on the standard ports (TEST_DATABASE_URL, TEST_REDIS_URL override).
// It never fails on a figure; the machine's load moves absolute numbers, ratios less so.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { writeAthena } from './athena-generator.mjs';
import { writeBundles, writeExport } from './export-generator.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const distDir = resolve(repoRoot, process.env.BENCH_DIST_DIR ?? 'dist');
const cli = join(distDir, 'apps', 'cli', 'src', 'main.js');
const { values: options } = parseArgs({
  options: {
    'athena-rows': { type: 'string', default: '1000000' },
    patients: { type: 'string', default: '130' },
    jobs: { type: 'string', default: '2' },
    only: { type: 'string', default: 'athena,load' },
    profile: { type: 'string', default: 'both' },
    keep: { type: 'boolean', default: false },
    shape: { type: 'string', default: 'ndjson' },
    runs: { type: 'string', default: '3' },
    'rss-every': { type: 'string', default: '1' },
  },
});
const ATHENA_ROWS = Number(options['athena-rows']);
const PATIENTS = Number(options.patients);
const ONLY = options.only.split(',');
const REFERENCE = resolve(repoRoot, '..', 'shared', 'reference');
const NDJSON = join(REFERENCE, 'fhir', 'synthea-bulk-ndjson-13-patients');
const BUNDLES = join(REFERENCE, 'fhir', 'synthea-hiv-bundles-14-patients');
const SHAPES = options.shape.split(',');
const RUNS = ['first', 're-run', 're-run --full'].slice(0, Number(options.runs));
const RSS_EVERY_MS = Number(options['rss-every']) * 1000;
const ATHENA_SUBSET = join(REFERENCE, 'omop', 'vocab', 'athena-subset');
const worker = join(distDir, 'apps', 'worker', 'src', 'main.js');
const PROFILES = options.profile === 'both' ? ['server', 'embedded'] : [options.profile];
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ENCRYPTION_KEY = randomBytes(32).toString('base64');
/** Databases the bench creates are named `<prefix>_<label>_<random>` and dropped at the end. */
const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? 'bench_bulk';

if (!existsSync(cli)) {
  console.error('run `npm run build` first');
  process.exit(1);
}

/** Runs a command under /usr/bin/time; resolves with wall seconds, peak RSS (MB) and output. */
function timed(command, args, env = {}, onSpawn = () => {}) {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', 'PEAK_RSS_KB=%M CPU_S=%U+%S', command, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onSpawn(child.pid, child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const rss = Number(/PEAK_RSS_KB=(\d+)/.exec(stderr)?.[1] ?? 0) / 1024;
      const cpu = /CPU_S=([\d.]+)\+([\d.]+)/.exec(stderr);
      const cpuSeconds = cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN;
      if (code !== 0) fail(new Error(`${command} ${args[0] ?? ''} failed: ${stderr.slice(-600)}`));
      else done({ seconds, rssMb: rss, cpuSeconds, stdout, stderr });
    });
  });
}

const databases = [];
async function freshDatabase(label) {
  const name = `${DB_PREFIX}_${label}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabases() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

function serverEnv(url) {
  return {
    DATABASE_URL: url,
    REDIS_URL,
    JWT_SECRET: 'bench-bulk-secret-of-enough-length-0123456789',
    ENCRYPTION_KEY,
  };
}

function embeddedEnv(dataDir) {
  const env = { DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'REDIS_URL']) env[name] = '';
  return env;
}

/**
 * The service's vocabulary tables (the built migration that creates them, same keys and
 * indexes) in a bare database: the baseline needs nothing else, pgvector included.
 */
async function createVocabularyTables(url) {
  const migration = join(
    distDir,
    'libs/vocabulary/src/infrastructure/persistence/migrations/1732262500000-create-vocabulary-schema.js',
  );
  const { CreateVocabularySchema1732262500000: Migration } = await import(migration);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await new Migration().up({ query: (sql) => client.query(sql) });
  } finally {
    await client.end();
  }
}

const ATHENA_FILES = [
  'VOCABULARY',
  'DOMAIN',
  'CONCEPT_CLASS',
  'RELATIONSHIP',
  'CONCEPT',
  'CONCEPT_RELATIONSHIP',
  'CONCEPT_SYNONYM',
  'CONCEPT_ANCESTOR',
  'DRUG_STRENGTH',
];

async function athenaBench(work) {
  const directory = join(work, 'athena');
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory);
  const started = performance.now();
  const counts = await writeAthena(directory, ATHENA_ROWS);
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  console.log(
    `Athena: ${total.toLocaleString('en')} rows written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // Baseline: psql \copy of the same files into the same tables (same primary keys).
  const baselineUrl = await freshDatabase('copy');
  await createVocabularyTables(baselineUrl);
  const script = join(work, 'copy.sql');
  writeFileSync(
    script,
    ATHENA_FILES.map(
      (file) =>
        `\\copy vocab.${file.toLowerCase()} FROM '${join(directory, `${file}.csv`)}' WITH (FORMAT csv, DELIMITER E'\\t', HEADER true, QUOTE E'\\b')`,
    ).join('\n') + '\n',
  );
  const baseline = await timed('psql', [baselineUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-f', script]);
  console.log(`psql \\copy: ${baseline.seconds.toFixed(2)} s`);
  const rate = (seconds) => Math.round(total / seconds);
  const report = [
    {
      run: 'psql \\copy (baseline)',
      seconds: baseline.seconds,
      rowsPerSecond: rate(baseline.seconds),
      ratio: 1,
      peakRssMb: null,
    },
  ];
  // The import alone (as the CLI reports it), then the whole command: start-up, import and
  // the refresh of the builtin code systems that follows.
  const add = (run, result) => {
    const importSeconds = Number(/Imported .* in ([\d.]+) s/.exec(result.stdout)?.[1] ?? NaN);
    const refreshSeconds = Number(
      /Refreshed \d+ builtin .* in ([\d.]+) s/.exec(result.stdout)?.[1],
    );
    report.push({
      run,
      seconds: importSeconds,
      rowsPerSecond: rate(importSeconds),
      ratio: Number((importSeconds / baseline.seconds).toFixed(2)),
      refreshSeconds: Number.isNaN(refreshSeconds) ? null : refreshSeconds,
      commandSeconds: Number(result.seconds.toFixed(2)),
      commandRatio: Number((result.seconds / baseline.seconds).toFixed(2)),
      peakRssMb: Math.round(result.rssMb),
      importPeakMb: result.importPeakMb,
      refreshPeakMb: result.refreshPeakMb,
      cliCpuSeconds: Number(result.cpuSeconds.toFixed(1)),
      dbCpuSeconds: result.dbCpuSeconds == null ? null : Number(result.dbCpuSeconds.toFixed(1)),
      loadAverage: loadavg()[0].toFixed(1),
    });
    console.log(JSON.stringify(report.at(-1)));
    console.log(`  RSS samples (MB, every ${options['rss-every']} s): ${result.samples.join(' ')}`);
  };

  for (const profile of PROFILES) {
    const env =
      profile === 'server'
        ? serverEnv(await freshDatabase('athena'))
        : embeddedEnv(join(work, `data-${profile}`));
    // Migrations first, so the timed run is the import alone (plus the CLI's start-up).
    await timed(process.execPath, [cli, 'migrate'], env);
    const args = [cli, 'vocab:import', '--athena', directory];
    for (const run of [`vocab:import ${profile}`, `vocab:import ${profile}, re-run`]) {
      const database = profile === 'server' ? new URL(env.DATABASE_URL).pathname.slice(1) : null;
      add(run, await sampledImport(args, env, database));
    }
  }
  baseline.seconds = Number(baseline.seconds.toFixed(2));
  report[0].seconds = baseline.seconds;
  console.table(report);
  return report;
}

/**
 * One `vocab:import` under /usr/bin/time with the CLI's RSS sampled: the samples' peak up to
 * its "Imported" line (start-up and import) and after it (the builtin code systems), and the
 * CPU seconds of the database's backends when it is a server's.
 */
async function sampledImport(args, env, database) {
  let cliPid = null;
  let importEnd = null;
  const samples = [];
  const run = () =>
    timed(process.execPath, args, env, (pid, child) => {
      cliPid = pid;
      child.stdout.on('data', (chunk) => {
        if (importEnd === null && /Imported /.test(String(chunk))) importEnd = samples.length;
      });
    });
  const sampled = await withRssSamples(
    () => (cliPid ? childOf(cliPid) : null),
    async () => (database ? databaseCpuSeconds(database, run) : { result: await run() }),
    samples,
  );
  const split = importEnd ?? samples.length;
  return {
    ...sampled.result.result,
    samples,
    importPeakMb: Math.max(0, ...samples.slice(0, split)),
    refreshPeakMb: Math.max(0, ...samples.slice(split)),
    dbCpuSeconds: sampled.result.cpuSeconds ?? null,
  };
}

/**
 * Reads every line (NDJSON) or file (Bundles) of the export and JSON.parses it: the floor
 * for any loader.
 */
async function parseBaseline(directory, shape) {
  const { readdirSync } = await import('node:fs');
  const started = performance.now();
  let resources = 0;
  for (const name of readdirSync(directory)) {
    if (shape === 'bundles') {
      resources += JSON.parse(readFileSync(join(directory, name), 'utf8')).entry?.length ?? 0;
      continue;
    }
    // Line by line: a file of a large export is longer than the longest string V8 makes.
    const lines = createInterface({ input: createReadStream(join(directory, name)) });
    for await (const line of lines) {
      if (line === '') continue;
      JSON.parse(line);
      resources += 1;
    }
  }
  return { seconds: (performance.now() - started) / 1000, resources };
}

/**
 * The database's floor: `psql \\copy` of every resource, one JSON text a line, into a
 * one-column table. NDJSON files are copied as they are; Bundles' entries are first
 * written out one a line (not timed).
 */
async function copyBaseline(directory, shape, work) {
  const { readdirSync } = await import('node:fs');
  const url = await freshDatabase('fhircopy');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('CREATE TABLE fhir_resource (resource text NOT NULL)');
  await client.end();
  let files = readdirSync(directory).map((name) => join(directory, name));
  if (shape === 'bundles') {
    const lines = join(work, 'bundle-entries.ndjson');
    writeFileSync(lines, '');
    const { appendFileSync } = await import('node:fs');
    for (const file of files) {
      const entries = JSON.parse(readFileSync(file, 'utf8')).entry ?? [];
      appendFileSync(lines, entries.map((entry) => JSON.stringify(entry.resource) + '\n').join(''));
    }
    files = [lines];
  }
  const script = join(work, 'copy-fhir.sql');
  // CSV with quote and delimiter bytes JSON text never holds raw: every line is one value.
  writeFileSync(
    script,
    files
      .map(
        (file) =>
          `\\copy fhir_resource FROM '${file}' WITH (FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\b')`,
      )
      .join('\n') + '\n',
  );
  const result = await timed('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-f', script]);
  return result.seconds;
}

/** VmRSS (MB) of a process now, or 0 once it is gone. */
function rssMbOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The node process /usr/bin/time runs (its child), found through /proc. */
function childOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')[0] || null;
  } catch {
    return null;
  }
}

/** Samples the RSS of `pid()` every RSS_EVERY_MS (into `samples`) while `work` runs: { result, samples }. */
async function withRssSamples(pid, work, samples = []) {
  const timer = setInterval(() => {
    const id = pid();
    if (id) samples.push(Math.round(rssMbOf(id)));
  }, RSS_EVERY_MS);
  try {
    return { result: await work(), samples };
  } finally {
    clearInterval(timer);
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds used by the PostgreSQL backends serving a database, sampled while `work`
 * runs (a backend's counters vanish when it exits, so each is read until then).
 */
async function databaseCpuSeconds(database, work) {
  const { readdirSync } = await import('node:fs');
  const used = new Map();
  const sample = (into = used) => {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
        into.set(pid, cpuSecondsOf(pid));
      } catch {
        // The process ended between the listing and the read.
      }
    }
  };
  // Backends of a worker's pool outlive a run: only what they use during this one counts.
  const before = new Map();
  sample(before);
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    let cpuSeconds = 0;
    for (const [pid, seconds] of used) cpuSeconds += seconds - (before.get(pid) ?? 0);
    return { result, cpuSeconds };
  } finally {
    clearInterval(timer);
  }
}

/** The Node flags `npm run start:worker` gives the worker, so the bench times what users run. */
function workerScriptFlags() {
  const script = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts[
    'start:worker'
  ];
  const command = script.split('&&').at(-1).trim().split(/\s+/);
  return command.slice(1).filter((word) => word.startsWith('--'));
}

/** The CLI's environment as `npm run cli` gives it (scripts/run-cli.mjs): two malloc arenas unless set. */
const CLI_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };

/**
 * Starts a worker process (server profile). `cpu()` reads the CPU seconds it has used;
 * `stop()` stops it and gives its peak RSS (MB).
 */
function startWorker(env) {
  const nodeArgs = [
    ...workerScriptFlags(),
    ...(process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const child = spawn(process.execPath, [...nodeArgs, worker], {
    cwd: repoRoot,
    env: { ...process.env, ...env, WORKER_CONCURRENCY: options.jobs, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const cpu = () => cpuSecondsOf(child.pid);
  // Ready once its start-up (module loading, FHIR definitions) is over: idle for a second.
  const ready = async () => {
    for (let waited = 0; waited < 60; waited += 1) {
      const before = cpu();
      await new Promise((done) => setTimeout(done, 1000));
      if (cpu() - before < 0.05) return;
    }
  };
  const stop = async () => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    const closed = new Promise((done) => child.on('close', done));
    child.kill('SIGTERM');
    await closed;
    return peakKb / 1024;
  };
  return { cpu, ready, stop, pid: child.pid };
}

async function loadBench(work) {
  const report = [];
  for (const shape of SHAPES) await loadShape(work, shape, report);
  console.table(report);
  return report;
}

async function loadShape(work, shape, report) {
  const directory = join(work, `export-${shape}`);
  mkdirSync(directory, { recursive: true });
  const written =
    shape === 'bundles'
      ? await writeBundles(BUNDLES, directory, Math.max(1, Math.ceil(PATIENTS / 14)))
      : await writeExport(NDJSON, directory, PATIENTS);
  console.log(
    `Export (${shape}): ${written.patients} patients, ${written.resources.toLocaleString('en')} resources, ${(written.bytes / 1e6).toFixed(0)} MB`,
  );
  const parsed = await parseBaseline(directory, shape);
  const copySeconds = await copyBaseline(directory, shape, work);
  console.log(
    `read + JSON.parse ${parsed.seconds.toFixed(2)} s; psql \\copy ${copySeconds.toFixed(2)} s`,
  );
  const rate = (seconds) => Math.round(written.resources / seconds);
  report.push(
    {
      run: `${shape}: read + JSON.parse (baseline)`,
      seconds: Number(parsed.seconds.toFixed(2)),
      resourcesPerSecond: rate(parsed.seconds),
      ratio: 1,
    },
    {
      run: `${shape}: psql \\copy of the resources (baseline)`,
      seconds: Number(copySeconds.toFixed(2)),
      resourcesPerSecond: rate(copySeconds),
      ratio: Number((copySeconds / parsed.seconds).toFixed(1)),
    },
  );
  for (const profile of PROFILES) {
    const env =
      profile === 'server'
        ? serverEnv(await freshDatabase('service'))
        : embeddedEnv(join(work, `load-${shape}-${profile}`));
    if (profile === 'embedded') env.CREATE_DEMO_CLIENT = 'false';
    await timed(process.execPath, [cli, 'vocab:import', '--athena', ATHENA_SUBSET], env);
    const target = `${await freshDatabase('cdm')}?schema=cdm`;
    const worker = profile === 'server' ? startWorker(env) : null;
    await worker?.ready();
    const args = [cli, 'omop:load', `--${shape}`, directory, '--target', target];
    args.push('--jobs', options.jobs);
    try {
      for (const run of RUNS) {
        const workerCpuBefore = worker?.cpu() ?? 0;
        let cliPid = null;
        // Server: the worker's RSS; embedded: the CLI's (the node process under /usr/bin/time).
        const sampled = () => worker?.pid ?? (cliPid ? childOf(cliPid) : null);
        const {
          result: { result, cpuSeconds: databaseCpu },
          samples,
        } = await withRssSamples(sampled, () =>
          databaseCpuSeconds(new URL(target).pathname.slice(1), () =>
            timed(
              process.execPath,
              run.endsWith('--full') ? [...args, '--full'] : args,
              { ...CLI_ENV, ...env },
              (pid) => (cliPid = pid),
            ),
          ),
        );
        const skipped = /Skipped (\d+) patients unchanged/.exec(result.stdout)?.[1] ?? '0';
        const sharedSkipped =
          /Skipped (\d+) shared resources unchanged/.exec(result.stdout)?.[1] ?? '0';
        const label = `${shape}: omop:load ${profile}, ${run}, ${skipped} patients and ${sharedSkipped} shared resources unchanged`;
        console.log(`${label}: ${result.seconds.toFixed(1)} s`);
        console.log(`  RSS samples (MB, every ${options['rss-every']} s): ${samples.join(' ')}`);
        report.push({
          run: label,
          seconds: Number(result.seconds.toFixed(2)),
          resourcesPerSecond: rate(result.seconds),
          ratio: Number((result.seconds / parsed.seconds).toFixed(1)),
          peakRssMb: Math.round(result.rssMb),
          sampledPeakMb: Math.max(0, ...samples),
          cliCpuSeconds: Number(result.cpuSeconds.toFixed(1)),
          workerCpuSeconds: worker ? Number((worker.cpu() - workerCpuBefore).toFixed(1)) : null,
          targetDbCpuSeconds: Number(databaseCpu.toFixed(1)),
          loadAverage: loadavg()[0].toFixed(1),
        });
      }
    } finally {
      if (worker)
        report.push({
          run: `${shape}: worker (server), peak RSS`,
          peakRssMb: Math.round(await worker.stop()),
        });
    }
  }
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'bench-bulk-'));
  try {
    if (ONLY.includes('athena')) await athenaBench(work);
    if (ONLY.includes('load')) await loadBench(work);
  } finally {
    await dropDatabases();
    if (!options.keep) rmSync(work, { recursive: true, force: true });
  }
}

await main();
