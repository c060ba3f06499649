#!/usr/bin/env node
// Benchmark of POST /lang2fhir/search (text → resource type and search parameters) in the
// embedded profile with the Athena vocabulary subset loaded, on requests written from the
// shared Synthea bulk export (`requests.mjs`). The Synthea patients and their resources are
// loaded into the account's sandbox FHIR server first; each generated query is then executed
// there (every page) and its results compared with the resources the request intends
// (`intended.mjs`). Next to it, in the same run, a naive baseline: always the most frequent
// type, searched by the request's words (`code:text=`).
//
//   npm run build && node bench/lang2fhir-search/run.mjs [--per-type 25] [--verbose]
//   (BENCH_DATA_DIR=<dir> keeps the store and the loaded sandbox for the next run; BENCH_PORT)
//
// It never fails because of a score: it exits 1 only when it cannot be set up.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { athenaConcepts, athenaDescendants } from '../support/athena.mjs';
import { athenaDir, reference, requireInputs, startService } from '../support/service.mjs';
import { intendedFinder } from './intended.mjs';
import { buildRequests, SHAPES, syntheaResources } from './requests.mjs';
import { loadIntoSandbox } from './sandbox-load.mjs';

const { fetch, URLSearchParams, performance } = globalThis;
const { values: options } = parseArgs({
  options: {
    'per-type': { type: 'string', default: '25' },
    verbose: { type: 'boolean', default: false },
  },
});
const PER_TYPE = Math.max(1, Number(options['per-type']) || 25);
const synthea = join(reference, 'fhir', 'synthea-bulk-ndjson-13-patients');
requireInputs([athenaDir, synthea]);

/** Runs a search in the sandbox, following `next` links; the ids found, or the error. */
async function execute(service, type, params, patient) {
  const query = new URLSearchParams(params);
  if (patient && !query.has('patient') && !query.has('subject'))
    query.set('patient', `Patient/${patient}`);
  query.set('_count', '1000');
  let url = `${service.baseUrl}/fhir/sandbox/${type}?${query}`;
  const ids = new Set();
  while (url) {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${service.token}` } });
    if (!response.ok)
      return { error: `${response.status} ${(await response.text()).slice(0, 200)}` };
    const bundle = await response.json();
    for (const entry of bundle.entry ?? []) if (entry.resource?.id) ids.add(entry.resource.id);
    url = bundle.link?.find((link) => link.relation === 'next')?.url;
  }
  return { ids };
}

const sameSet = (a, b) => a.size === b.size && [...a].every((id) => b.has(id));
const covers = (found, wanted) => [...wanted].every((id) => found.has(id));

let service;
try {
  const resources = syntheaResources(synthea, Object.keys(SHAPES));
  const set = buildRequests(resources, PER_TYPE);
  const intended = intendedFinder(
    resources,
    athenaConcepts(athenaDir),
    athenaDescendants(athenaDir),
  );
  service = await startService();
  if (service.reused) {
    console.log('sandbox: reused from BENCH_DATA_DIR (loaded by an earlier run)');
  } else {
    const loadStart = performance.now();
    const load = await loadIntoSandbox(service.baseUrl, service.token, resources);
    console.log(
      `sandbox: ${load.stored} of ${resources.length} Synthea resources stored in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
    );
    for (const line of load.refused.slice(0, 5)) console.log(`  refused ${line}`);
  }

  const counts = {};
  for (const { type } of set) counts[type] = (counts[type] ?? 0) + 1;
  const majority = Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0];
  const score = { type: 0, exact: 0, recall: 0, baseType: 0, baseExact: 0, baseRecall: 0 };
  const perType = {};
  const misses = [];
  for (const request of set) {
    const headers = {
      Authorization: `Bearer ${service.token}`,
      'Content-Type': 'application/json',
    };
    if (request.patient) headers['X-Service-On-Behalf-Of'] = `Patient/${request.patient}`;
    const response = await fetch(`${service.baseUrl}/lang2fhir/search`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text: request.text }),
    });
    const body = await response.json();
    const wanted = intended(request);
    const typeOk = body.resource_type === request.type;
    const run = typeOk ? await execute(service, request.type, body.search_params ?? '') : {};
    const exact = Boolean(run.ids && sameSet(run.ids, wanted));
    const recall = Boolean(run.ids && covers(run.ids, wanted));
    const base = await execute(
      service,
      majority,
      `code:text=${encodeURIComponent(request.text)}`,
      request.patient,
    );
    const baseOk = majority === request.type && base.ids;
    score.type += typeOk ? 1 : 0;
    score.exact += exact ? 1 : 0;
    score.recall += recall ? 1 : 0;
    score.baseType += majority === request.type ? 1 : 0;
    score.baseExact += baseOk && sameSet(base.ids, wanted) ? 1 : 0;
    score.baseRecall += baseOk && covers(base.ids, wanted) ? 1 : 0;
    const row = (perType[request.type] ??= { n: 0, type: 0, exact: 0 });
    row.n += 1;
    row.type += typeOk ? 1 : 0;
    row.exact += exact ? 1 : 0;
    const found = run.ids ? `${run.ids.size} found` : (run.error ?? '-');
    const line = `${exact ? 'ok  ' : 'MISS'} ${request.type} ← "${request.text}"${request.patient ? ' [patient]' : ''} → ${body.resource_type ?? response.status}?${body.search_params ?? ''} (${found}, ${wanted.size} intended)`;
    if (options.verbose) console.log(line);
    if (!exact) misses.push(line);
  }
  const n = set.length;
  const pct = (k) => `${k}/${n} = ${((100 * k) / n).toFixed(1)}%`;
  const ratio = (a, b) => (b === 0 ? 'n/a (baseline 0)' : (a / b).toFixed(2));
  console.log(`requests: ${n} written from ${synthea}`);
  console.log(`right resource type: ${pct(score.type)}`);
  console.log(
    `  naive baseline (always ${majority}): ${pct(score.baseType)}; ratio ${ratio(score.type, score.baseType)}`,
  );
  console.log(`executed, returns exactly the intended resources: ${pct(score.exact)}`);
  console.log(
    `  naive baseline (${majority}?code:text=<request>): ${pct(score.baseExact)}; ratio ${ratio(score.exact, score.baseExact)}`,
  );
  console.log(`executed, returns every intended resource (maybe more): ${pct(score.recall)}`);
  console.log(
    `  naive baseline: ${pct(score.baseRecall)}; ratio ${ratio(score.recall, score.baseRecall)}`,
  );
  for (const [type, row] of Object.entries(perType))
    console.log(`  ${type}: type ${row.type}/${row.n}, exact ${row.exact}/${row.n}`);
  console.log(`misses:\n  ${misses.join('\n  ')}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  service?.stop();
}
