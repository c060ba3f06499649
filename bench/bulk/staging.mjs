// Staging alone, both adapters, same process and export: the coordinator's pass over the
// files (read, parse, input policy, route, MD5) staging into each ResourceStaging adapter,
// then every planned batch's resources read back and parsed, as the batch jobs do.
//
//   node scripts/build.mjs
//   node bench/bulk/staging.mjs --export DIR --target postgres://…/db [--schema bench_staging]
//
// The target schema gets only the bookkeeping tables (created if missing) and is dropped at
// the end. Prints wall and CPU seconds of this process per phase; the database's own CPU
// is not counted here (bench/bulk/run.mjs counts it for whole loads).
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const { values: options } = parseArgs({
  options: {
    export: { type: 'string' },
    target: { type: 'string' },
    schema: { type: 'string', default: 'bench_staging' },
  },
});
if (!options.export || !options.target) {
  console.error('usage: node bench/bulk/staging.mjs --export DIR --target postgres://…/db');
  process.exit(2);
}
const dist = resolve(process.env.BENCH_DIST_DIR ?? 'dist', 'libs');
const { loadConfig } = await import(`${dist}/shared/src/index.js`);
const bulk = `${dist}/omop/src/infrastructure/bulk`;
const { NodeBulkSource } = await import(`${bulk}/files/node-bulk-source.js`);
const { SpillFileResourceStaging } = await import(`${bulk}/files/spill-file-resource-staging.js`);
const { PgResourceStaging } = await import(`${bulk}/postgres/pg-resource-staging.js`);
const { TargetPools } = await import(`${bulk}/postgres/target-pools.js`);
const { bookkeepingStatements } = await import(`${bulk}/postgres/bookkeeping-ddl.js`);
const { InputRouter } = await import(`${dist}/omop/src/domain/bulk/input-router.js`);

const target = { url: options.target, schema: options.schema };
const source = new NodeBulkSource(loadConfig({ DATA_DIR: tmpdir() }));
const files = await source.files('ndjson', resolve(options.export));

function contentHash(json) {
  const digest = createHash('md5').update(json).digest();
  return (digest.readBigUInt64BE(0) << 64n) | digest.readBigUInt64BE(8);
}

async function measure(label, work) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = (used.user + used.system) / 1e6;
  console.log(
    `${label.padEnd(40)} ${seconds.toFixed(2).padStart(7)} s  CPU ${cpuSeconds.toFixed(2).padStart(6)} s`,
  );
  return { result, seconds, cpuSeconds };
}

async function run(name, staging) {
  const runId = randomUUID();
  await staging.open(target, runId);
  const staged = await measure(`${name}: read + stage`, async () => {
    const router = new InputRouter(20_000);
    let chunk = [];
    for await (const item of source.read('ndjson', files)) {
      if (item.kind !== 'resource') continue;
      const routed = router.route(item.resource, item.fullUrl, contentHash(item.json));
      chunk.push({ ...routed, fullUrl: item.fullUrl, json: item.json });
      if (chunk.length === 1_000) {
        await staging.stage(target, runId, chunk);
        chunk = [];
      }
    }
    if (chunk.length > 0) await staging.stage(target, runId, chunk);
    await staging.staged(target, runId);
    return router.plan(2_000);
  });
  const plan = staged.result;
  const readBack = await measure(`${name}: read back ${plan.patients.length} batches`, async () => {
    let resources = 0;
    await staging.sharedResources(target, runId);
    for (const batch of [...plan.shared, ...plan.patients])
      resources += (await staging.resourcesFiledUnder(target, runId, batch.refs)).length;
    return resources;
  });
  await staging.release(target, runId);
  return { staged, readBack };
}

const admin = new pg.Client({ connectionString: options.target });
await admin.connect();
await admin.query(`DROP SCHEMA IF EXISTS ${target.schema} CASCADE`);
await admin.query(`CREATE SCHEMA ${target.schema}`);
for (const statement of bookkeepingStatements(target.schema)) await admin.query(statement);
const pools = new TargetPools();
const spillRoot = mkdtempSync(join(tmpdir(), 'bench-staging-'));
try {
  console.log(`load average ${loadavg()[0].toFixed(1)}`);
  const parse = await measure('read + JSON.parse (baseline)', async () => {
    let count = 0;
    for await (const item of source.read('ndjson', files)) if (item.kind === 'resource') count++;
    return count;
  });
  console.log(`  ${parse.result} resources (the baseline includes the input policy)`);
  await run('table (server)', new PgResourceStaging(pools));
  await admin.query(`TRUNCATE ${target.schema}._fhir_load_resource`);
  await run('spill file (embedded)', new SpillFileResourceStaging(spillRoot));
  await run('table (server), again', new PgResourceStaging(pools));
  await admin.query(`TRUNCATE ${target.schema}._fhir_load_resource`);
  await run('spill file (embedded), again', new SpillFileResourceStaging(spillRoot));
  console.log(`load average ${loadavg()[0].toFixed(1)}`);
} finally {
  await pools.onApplicationShutdown();
  await admin.query(`DROP SCHEMA IF EXISTS ${target.schema} CASCADE`);
  await admin.end();
  rmSync(spillRoot, { recursive: true, force: true });
}
