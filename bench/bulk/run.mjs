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
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { writeAthena } from './athena-generator.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const cli = join(repoRoot, 'dist', 'apps', 'cli', 'src', 'main.js');
const { values: options } = parseArgs({
  options: {
    'athena-rows': { type: 'string', default: '1000000' },
    profile: { type: 'string', default: 'both' },
    keep: { type: 'boolean', default: false },
  },
});
const ATHENA_ROWS = Number(options['athena-rows']);
const PROFILES = options.profile === 'both' ? ['server', 'embedded'] : [options.profile];
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ENCRYPTION_KEY = randomBytes(32).toString('base64');

if (!existsSync(cli)) {
  console.error('run `npm run build` first');
  process.exit(1);
}

/** Runs a command under /usr/bin/time; resolves with wall seconds, peak RSS (MB) and output. */
function timed(command, args, env = {}) {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', 'PEAK_RSS_KB=%M', command, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const rss = Number(/PEAK_RSS_KB=(\d+)/.exec(stderr)?.[1] ?? 0) / 1024;
      if (code !== 0) fail(new Error(`${command} ${args[0] ?? ''} failed: ${stderr.slice(-600)}`));
      else done({ seconds, rssMb: rss, stdout, stderr });
    });
  });
}

const databases = [];
async function freshDatabase(label) {
  const name = `bench_bulk_${label}_${randomBytes(3).toString('hex')}`;
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
  await timed(process.execPath, [cli, 'migrate'], serverEnv(baselineUrl));
  const script = join(work, 'copy.sql');
  writeFileSync(
    script,
    ATHENA_FILES.map(
      (file) =>
        `\\copy vocab.${file.toLowerCase()} FROM '${join(directory, `${file}.csv`)}' WITH (FORMAT csv, DELIMITER E'\\t', HEADER true, QUOTE E'\\b')`,
    ).join('\n') + '\n',
  );
  const baseline = await timed('psql', [baselineUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-f', script]);
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
    report.push({
      run,
      seconds: importSeconds,
      rowsPerSecond: rate(importSeconds),
      ratio: Number((importSeconds / baseline.seconds).toFixed(2)),
      commandSeconds: Number(result.seconds.toFixed(2)),
      peakRssMb: Math.round(result.rssMb),
    });
  };

  for (const profile of PROFILES) {
    const env =
      profile === 'server'
        ? serverEnv(await freshDatabase('athena'))
        : embeddedEnv(join(work, `data-${profile}`));
    // Migrations first, so the timed run is the import alone (plus the CLI's start-up).
    await timed(process.execPath, [cli, 'migrate'], env);
    const args = [cli, 'vocab:import', '--athena', directory];
    add(`vocab:import ${profile}`, await timed(process.execPath, args, env));
    add(`vocab:import ${profile}, re-run`, await timed(process.execPath, args, env));
  }
  baseline.seconds = Number(baseline.seconds.toFixed(2));
  report[0].seconds = baseline.seconds;
  console.table(report);
  return report;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'bench-bulk-'));
  try {
    await athenaBench(work);
  } finally {
    await dropDatabases();
    if (!options.keep) rmSync(work, { recursive: true, force: true });
  }
}

await main();
