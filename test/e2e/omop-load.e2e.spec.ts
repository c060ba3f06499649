import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, runCli, WORKER_ENTRY } from '../support/api-process.js';
import { createTestDatabase, serverEnv, type TestDatabase } from '../support/server-resources.js';
import { PROFILES } from '../support/credentials.js';

const REFERENCE = new URL('../../../shared/reference/', import.meta.url).pathname;
const ATHENA = `${REFERENCE}omop/vocab/athena-subset`;
const NDJSON = `${REFERENCE}fhir/synthea-bulk-ndjson-13-patients`;
const BUNDLES = `${REFERENCE}fhir/synthea-hiv-bundles-14-patients`;
const available = [ATHENA, NDJSON, BUNDLES, `${REFERENCE}omop/cdm-v5.4/postgresql_ddl`].every(
  (path) => existsSync(path),
);
if (!available) console.warn(`Skipping the omop:load e2e tests: ${REFERENCE} not found`);

const CLI_ENTRY = `${process.env.TEST_DIST_DIR ?? 'dist'}/apps/cli/src/main.js`;
const SCHEMA = 'cdm';
const CDM_TABLES = [
  'location',
  'care_site',
  'provider',
  'person',
  'death',
  'observation_period',
  'visit_occurrence',
  'condition_occurrence',
  'drug_exposure',
  'procedure_occurrence',
  'measurement',
  'specimen',
  'observation',
];
const CLINICAL_TABLES = CDM_TABLES.filter(
  (table) => !['location', 'care_site', 'provider', 'person'].includes(table),
);

interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI as its own process, without blocking this one (a worker may be running beside it). */
function cliProcess(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; result: Promise<CliRun> } {
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const result = new Promise<CliRun>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
    child.once('error', reject);
    child.once('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
  return { child, result };
}

function cli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return cliProcess(args, env).result;
}

function startWorker(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [WORKER_ENTRY], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

describe('omop:load usage', () => {
  beforeAll(() => requireBuild());

  it.each([
    [['omop:load', '--ndjson', NDJSON], /omop:load needs --target postgres:\/\//],
    [
      ['omop:load', '--ndjson', NDJSON, '--bundles', NDJSON, '--target', 'postgres://h/db'],
      /needs exactly one of --ndjson DIR or --bundles DIR/,
    ],
    [
      ['omop:load', '--target', 'postgres://h/db'],
      /needs exactly one of --ndjson DIR or --bundles DIR/,
    ],
    [
      ['omop:load', '--ndjson', '/nonexistent/omop-input', '--target', 'postgres://h/db'],
      /--ndjson \/nonexistent\/omop-input: no such folder/,
    ],
    [
      ['omop:load', '--bundles', NDJSON, '--target', 'mysql://h/db'],
      /--target must be a postgres:\/\/ URL/,
    ],
    [
      ['omop:load', '--ndjson', NDJSON, '--target', 'postgres://h/db?schema=a', '--schema', 'b'],
      /name different schemas/,
    ],
    [
      ['omop:load', '--ndjson', NDJSON, '--target', 'postgres://h/db', '--jobs', 'many'],
      /--jobs must be an integer/,
    ],
    [
      ['omop:load', '--ndjson', NDJSON, '--target', 'postgres://h/db', '--ddl', '/nonexistent/ddl'],
      /--ddl \/nonexistent\/ddl: no such folder/,
    ],
  ])('refuses %j with exit code 2 and the usage', (args, message) => {
    // No database is configured or reached: options are checked first.
    const result = runCli(args, { DATABASE_URL: 'postgres://127.0.0.1:1/never' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('Usage: npm run cli');
  });
});

describe.skipIf(!available)('omop:load without a vocabulary', () => {
  let target: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    requireBuild();
    target = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'ci-omop-load-'));
  });

  afterAll(async () => {
    await target?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops with exit code 1 and says what to import, creating nothing', async () => {
    const result = await cli(['omop:load', '--ndjson', NDJSON, '--target', target.url], {
      DATA_DIR: dataDir,
      CREATE_DEMO_CLIENT: 'false',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Import an Athena vocabulary first');
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT count(*) AS n FROM pg_namespace WHERE nspname = 'cdm'`,
      );
      expect(Number(rows[0].n)).toBe(0);
    } finally {
      await client.end();
    }
  });
});

describe.skipIf(!available).each(PROFILES)(
  'omop:load of the 13-patient Synthea NDJSON export (%s profile)',
  (profile) => {
    let env: Record<string, string>;
    let service: TestDatabase | undefined;
    let target: TestDatabase;
    let dataDir: string | undefined;
    let worker: ReturnType<typeof startWorker> | undefined;
    let client: pg.Client;
    let first: CliRun;

    const load = () =>
      cli(
        [
          'omop:load',
          '--ndjson',
          NDJSON,
          '--target',
          `${target.url}?schema=${SCHEMA}`,
          '--jobs',
          '3',
        ],
        env,
      );
    const count = async (table: string) =>
      Number((await client.query(`SELECT count(*) AS n FROM ${SCHEMA}.${table}`)).rows[0].n);
    /** The staging spill files in the embedded CLI's temporary folder. */
    const spillFiles = () => {
      const root = join(dataDir!, 'tmp', 'omop-load-staging');
      if (!existsSync(root)) return [];
      return readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name);
    };
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          CDM_TABLES.map(async (table): Promise<[string, number]> => [table, await count(table)]),
        ),
      );

    beforeAll(async () => {
      requireBuild();
      if (profile === 'embedded') {
        dataDir = mkdtempSync(join(tmpdir(), 'ci-omop-load-'));
        // The CLI's own temporary folder: the embedded profile stages in a spill file there.
        mkdirSync(join(dataDir, 'tmp'));
        env = { DATA_DIR: dataDir, CREATE_DEMO_CLIENT: 'false', TMPDIR: join(dataDir, 'tmp') };
      } else {
        service = await createTestDatabase();
        env = serverEnv(service.url, { LOG_LEVEL: 'warn' });
      }
      const imported = await cli(['vocab:import', '--athena', ATHENA], env);
      expect(imported.stderr + imported.stdout).toContain('Imported');
      expect(imported.status).toBe(0);
      // Server profile: batches go through Redis to a worker process.
      if (profile === 'server') worker = startWorker({ ...env, WORKER_CONCURRENCY: '3' });
      target = await createTestDatabase();
      client = new pg.Client({ connectionString: target.url });
      await client.connect();
      first = await load();
    }, 300_000);

    afterAll(async () => {
      await client?.end();
      if (worker && worker.child.exitCode === null) {
        const exited = new Promise((resolve) => worker!.child.once('exit', resolve));
        worker.child.kill('SIGTERM');
        await exited;
      }
      await Promise.all([target?.drop(), service?.drop()]);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('creates the CDM schema and fills the clinical tables, printing a count per table', async () => {
      expect(first.status, `${first.stderr}\n${worker?.output() ?? ''}`).toBe(0);
      expect(first.stdout).toMatch(
        /Loaded 7160 resources from 14 files \(13 patients, \d+ batches\)/,
      );
      expect(first.stdout).toMatch(/Time: [\d.]+ s, \d+ resources\/s/);
      expect(first.stdout).toMatch(/^ {2}person +13$/m);
      expect(first.stdout).toContain('log.ndjson.gz: not a FHIR resource');
      expect(first.stderr).toContain('Creating the OMOP CDM v5.4 schema "cdm"');
      expect(first.stderr).toMatch(/batches (\d+)\/\1/);
      expect(await count('person')).toBe(13);
      if (profile === 'embedded') expect(spillFiles()).toEqual([]);
      for (const table of [
        'visit_occurrence',
        'condition_occurrence',
        'drug_exposure',
        'procedure_occurrence',
      ])
        expect(await count(table), table).toBeGreaterThan(0);
    });

    it('keeps every person_id of the clinical tables pointing at a person', async () => {
      for (const table of CLINICAL_TABLES) {
        const { rows } = await client.query(
          `SELECT count(*) AS n FROM ${SCHEMA}.${table} t LEFT JOIN ${SCHEMA}.person p ON p.person_id = t.person_id
          WHERE p.person_id IS NULL`,
        );
        expect(Number(rows[0].n), table).toBe(0);
      }
      const { rows } = await client.query(
        `SELECT count(*) AS n FROM ${SCHEMA}.visit_occurrence v JOIN ${SCHEMA}.condition_occurrence c
          ON c.visit_occurrence_id = v.visit_occurrence_id WHERE c.person_id <> v.person_id`,
      );
      expect(Number(rows[0].n)).toBe(0);
    });

    it('changes no count when run again', async () => {
      const before = await counts();
      const ids = await count('_fhir_source_id');
      const second = await load();
      expect(second.status, second.stderr).toBe(0);
      expect(second.stderr).not.toContain('Creating the OMOP CDM');
      expect(await counts()).toEqual(before);
      expect(await count('_fhir_source_id')).toBe(ids);
      expect(second.stdout).toContain('Skipped 13 patients unchanged since the last load');
      expect(first.stdout).not.toContain('shared resources unchanged');
      expect(second.stdout).toMatch(/Skipped \d+ shared resources unchanged since the last load/);
    }, 300_000);

    it('skips the shared resources of unchanged Bundles when run again, changing no count', async () => {
      const schema = 'bundles';
      const args = [
        'omop:load',
        '--bundles',
        BUNDLES,
        '--target',
        `${target.url}?schema=${schema}`,
      ];
      const tableCounts = async () =>
        Object.fromEntries(
          await Promise.all(
            CDM_TABLES.map(async (table): Promise<[string, number]> => [
              table,
              Number(
                (await client.query(`SELECT count(*) AS n FROM ${schema}.${table}`)).rows[0].n,
              ),
            ]),
          ),
        );
      const loaded = await cli(args, env);
      expect(loaded.status, loaded.stderr).toBe(0);
      expect(loaded.stdout).not.toContain('shared resources unchanged');
      const before = await tableCounts();
      expect(before.provider).toBeGreaterThan(0);
      const again = await cli(args, env);
      expect(again.status, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/Skipped 14 patients unchanged since the last load/);
      expect(again.stdout).toMatch(
        /Skipped [1-9]\d* shared resources unchanged since the last load/,
      );
      expect(again.stdout).toMatch(/\(14 patients, 0 batches\)/);
      expect(await tableCounts()).toEqual(before);
      const full = await cli([...args, '--full'], env);
      expect(full.status, full.stderr).toBe(0);
      expect(full.stdout).not.toContain('unchanged since the last load');
      expect(await tableCounts()).toEqual(before);
    }, 300_000);

    it('ends with every row once when the process running the batches is killed mid-load', async () => {
      const schema = 'killed';
      const args = [
        'omop:load',
        '--ndjson',
        NDJSON,
        '--target',
        `${target.url}?schema=${schema}`,
        '--jobs',
        '1',
      ];
      // A short job lock: BullMQ hands a dead worker's batch to another worker sooner.
      const workerEnv = { ...env, WORKER_CONCURRENCY: '1', JOB_LOCK_MS: '4000' };
      // Server profile: a worker of our own, killed; the other one is stopped meanwhile.
      if (profile === 'server' && worker) {
        const exited = new Promise((resolve) => worker!.child.once('exit', resolve));
        worker.child.kill('SIGTERM');
        await exited;
      }
      const victim = profile === 'server' ? startWorker(workerEnv) : undefined;
      const { child: loader, result: loading } = cliProcess(args, env);
      let exitedEarly = false;
      void loading.then(() => (exitedEarly = true));
      const batches = async () => {
        const { rows } = await client
          .query<{ done: string; total: string }>(
            `SELECT count(*) FILTER (WHERE status = 'done') AS done, count(*) AS total FROM ${schema}._fhir_load_batch`,
          )
          .catch(() => ({ rows: [{ done: '0', total: '0' }] }));
        return { done: Number(rows[0].done), total: Number(rows[0].total) };
      };
      let state = await batches();
      while (!exitedEarly && !(state.done >= 1 && state.done < state.total)) {
        await sleep(25);
        state = await batches();
      }
      expect(exitedEarly, 'the load ended before it could be killed').toBe(false);
      // Where the run staged its resources: the target database (server), a spill file (embedded).
      const { rows: staged } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${schema}._fhir_load_resource`,
      );
      if (profile === 'server') expect(Number(staged[0].n)).toBeGreaterThan(0);
      else {
        expect(Number(staged[0].n)).toBe(0);
        expect(spillFiles()).toHaveLength(1);
      }
      if (profile === 'server') {
        victim!.child.kill('SIGKILL');
        worker = startWorker(workerEnv);
        const finished = await loading;
        expect(finished.status, `${finished.stderr}\n${worker.output()}`).toBe(0);
      } else {
        // Embedded: the CLI runs the batches itself; killed, it is started again.
        loader.kill('SIGKILL');
        expect((await loading).status).not.toBe(0);
        const again = await cli(args, env);
        expect(again.status, again.stderr).toBe(0);
        // The killed run's spill file went when the next run started, the next run's when it ended.
        expect(spillFiles()).toEqual([]);
      }
      const tableCounts = async (name: string) =>
        Object.fromEntries(
          await Promise.all(
            CDM_TABLES.map(async (table): Promise<[string, number]> => [
              table,
              Number((await client.query(`SELECT count(*) AS n FROM ${name}.${table}`)).rows[0].n),
            ]),
          ),
        );
      expect(await tableCounts(schema)).toEqual(await tableCounts(SCHEMA));
      const sourceIds = async (name: string) =>
        Number((await client.query(`SELECT count(*) AS n FROM ${name}._fhir_source_id`)).rows[0].n);
      expect(await sourceIds(schema)).toBe(await sourceIds(SCHEMA));
      // The clinical tables' foreign keys and indices wait for the end of the first load:
      // the run that finishes an interrupted one adds them.
      const keysAndIndexes = async (name: string) =>
        (
          await client.query<{ keys: string; indexes: string; deferred: string }>(
            `SELECT (SELECT count(*) FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
                      WHERE n.nspname = $1 AND c.contype = 'f') AS keys,
                    (SELECT count(*) FROM pg_indexes WHERE schemaname = $1) AS indexes,
                    (SELECT count(*) FROM ${name}._fhir_load_meta WHERE key = 'deferred_ddl') AS deferred`,
            [name],
          )
        ).rows[0];
      const finished = await keysAndIndexes(schema);
      expect(finished).toEqual(await keysAndIndexes(SCHEMA));
      expect(Number(finished.keys)).toBeGreaterThan(150);
      expect(finished.deferred).toBe('0');
    }, 300_000);
  },
);
