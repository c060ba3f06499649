// CPU of the omop:load worker's pure batch steps, in process and without a database: parse,
// shared-reference walk, mapping with stand-in ids (an in-memory allocator), conformRows
// (columns guessed from the rows' names), COPY text lines (copyTextLine, the same in every
// build). The 13-patient Synthea bulk set (../shared/reference) is one batch, mapped `rounds`
// times. The vocabulary is a stand-in that answers every SNOMED, LOINC and RxNorm code with
// one made-up standard concept, so the mapper's code paths run; the figures are for comparing
// builds on one machine, not for the load's absolute speed.
//   node bench/bulk/batch-steps.mjs [DIST=dist] [rounds=8]
//   node bench/bulk/batch-steps.mjs /tmp/other/dist 8     # another build (keeps its own API)
import { Buffer } from 'node:buffer';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
const repoRoot = resolve(import.meta.dirname, '..', '..');
const dist = resolve(repoRoot, process.argv[2] ?? 'dist');
const rounds = Number(process.argv[3] ?? 6);
const imp = (p) => import(pathToFileURL(join(dist, p)).href);
const { mapFhirToOmop } = await imp('libs/omop/src/domain/map-fhir-to-omop.js');
const stable = await imp('libs/omop/src/domain/bulk/stable-id-mapping.js');
const { SharedResourceIndex, withReferencedSharedResources } = await imp(
  'libs/omop/src/domain/bulk/shared-resource-index.js',
);
const { conformRows } = await imp('libs/omop/src/domain/bulk/conform-rows.js');
const { cdmColumn } = await imp('libs/omop/src/domain/bulk/cdm-columns.js');
const { batchBundle } = await imp('libs/omop/src/domain/bulk/batch-input.js');
const { copyTextLine } = await imp('libs/platform/src/database/copy-text.js');
const src = join(repoRoot, '..', 'shared', 'reference', 'fhir', 'synthea-bulk-ndjson-13-patients');
const lines = [];
for (const name of readdirSync(src).filter((n) => n.endsWith('.ndjson.gz') && !n.startsWith('log')))
  for (const line of gunzipSync(readFileSync(join(src, name)))
    .toString('utf8')
    .split('\n'))
    if (line) lines.push(line);
const concepts = {
  vocabularyIdForSystem: (s) =>
    s.includes('snomed')
      ? 'SNOMED'
      : s.includes('loinc')
        ? 'LOINC'
        : s.includes('rxnorm')
          ? 'RxNorm'
          : undefined,
  conceptsByCode: async (v, c) => [
    {
      conceptId: ((c.length * 7919) % 100000) + 1,
      conceptName: c,
      domainId: v === 'LOINC' ? 'Measurement' : v === 'RxNorm' ? 'Drug' : 'Condition',
      vocabularyId: v,
      conceptClassId: 'x',
      standardConcept: 'S',
      conceptCode: c,
      invalidReason: null,
    },
  ],
  standardTargets: async () => [],
  domainOf: async () => undefined,
  concept: async () => null,
};
// Builds before 2026-11-28 (evening) answered one Map keyed by idKey(table, key).
const perTable = stable.idKey === undefined;
let next = 1;
const store = new Map();
const allocate = async (requests) => {
  const answer = new Map();
  for (const [table, keys] of requests) {
    const ids = new Map();
    if (perTable) answer.set(table, ids);
    for (const key of keys) {
      const k = table + '\0' + key;
      let id = store.get(k);
      if (id === undefined) store.set(k, (id = next++));
      if (perTable) ids.set(key, id);
      else answer.set(stable.idKey(table, key), id);
    }
  }
  return answer;
};
function columnsOf(rows) {
  const names = new Set();
  for (const row of rows) for (const k in row) names.add(k);
  return [...names].map((n) =>
    n.endsWith('_id') || n.endsWith('_id_1') || n.endsWith('_id_2')
      ? cdmColumn(n, 'integer', true)
      : n.endsWith('_datetime')
        ? cdmColumn(n, 'timestamp without time zone', true)
        : n.endsWith('_date')
          ? cdmColumn(n, 'date', true)
          : n.includes('value_as_number') || n.includes('quantity') || n.includes('range')
            ? cdmColumn(n, 'numeric', true)
            : cdmColumn(n, 'character varying', true, 50),
  );
}
const empty = await SharedResourceIndex.build({ each: async () => {}, at: async () => [] });
const t = { parse: 0, refs: 0, map: 0, conform: 0, copy: 0 };
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const start = cpu();
let bytes = 0;
for (let r = 0; r < rounds; r++) {
  let a = cpu();
  const own = lines.map((json, seq) => ({ seq, fullUrl: null, resource: JSON.parse(json) }));
  let b = cpu();
  t.parse += b - a;
  a = b;
  const input = await withReferencedSharedResources(own, empty, 4);
  b = cpu();
  t.refs += b - a;
  a = b;
  const result = await stable.mapWithStableIds(
    mapFhirToOmop,
    batchBundle(input),
    { concepts, reportMappings: process.env.BATCH_STEPS_REPORT === '1' },
    allocate,
  );
  b = cpu();
  t.map += b - a;
  a = b;
  const conformed = [];
  for (const [table, rows] of Object.entries(result.tables)) {
    if (!rows?.length) continue;
    const columns = columnsOf(rows);
    conformed.push([
      columns,
      conformRows(
        table,
        rows,
        columns,
        [`${table}_id`].filter((k) => columns.some((c) => c.name === k)),
      ).rows,
    ]);
  }
  b = cpu();
  t.conform += b - a;
  a = b;
  for (const [columns, rows] of conformed) {
    const names = columns.map((c) => c.name);
    let chunk = '';
    for (const row of rows) chunk += copyTextLine(names.map((n) => row[n]));
    bytes += Buffer.byteLength(chunk);
  }
  b = cpu();
  t.copy += b - a;
}
const total = cpu() - start;
console.log(
  JSON.stringify({
    dist: process.argv[2] ?? 'dist',
    resources: lines.length * rounds,
    total: +total.toFixed(2),
    ...Object.fromEntries(Object.entries(t).map(([k, v]) => [k, +v.toFixed(2)])),
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
    bytes,
  }),
);
