#!/usr/bin/env node
// Benchmark of POST /construe/codes/crosswalk against the vocabulary's own `Maps to` rows, on
// the shared Athena subset (data this project did not write), in the embedded profile over
// HTTP. Two sets, both read from the files at run time:
//   1. every valid ICD10CM ↔ SNOMED `Maps to` pair (the issue's measure), both directions;
//   2. every valid `Maps to` row between two different concepts whose vocabularies have a
//      FHIR system URI (source → target system, and back), which is what the crosswalk walks.
// A pair agrees when the crosswalk of one side lists the other among its matches. Next to it,
// in the same run, a naive baseline: the target-system concepts with the same name
// (case-insensitive) as the source.
//
//   npm run build && node bench/crosswalk/run.mjs
//
// It never fails because of a score: it exits 1 only when it cannot be set up.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { athenaConcepts, athenaRows } from '../support/athena.mjs';
import { athenaDir, repoRoot, requireInputs, startService } from '../support/service.mjs';

const { fetch } = globalThis;
requireInputs([athenaDir]);
const { systemForVocabularyId } = await import(
  pathToFileURL(join(repoRoot, 'dist', 'libs', 'vocabulary', 'src', 'domain', 'fhir-systems.js'))
    .href
);

/** Valid `Maps to` rows between two valid, different concepts of vocabularies with a URI. */
function mapsToPairs(concepts) {
  const pairs = [];
  for (const row of athenaRows(athenaDir, 'CONCEPT_RELATIONSHIP.csv')) {
    if (row.relationship_id !== 'Maps to' || row.invalid_reason) continue;
    if (row.concept_id_1 === row.concept_id_2) continue;
    const source = concepts.get(row.concept_id_1);
    const target = concepts.get(row.concept_id_2);
    if (!source || !target || source.invalid_reason || target.invalid_reason) continue;
    const sourceSystem = systemForVocabularyId(source.vocabulary_id);
    const targetSystem = systemForVocabularyId(target.vocabulary_id);
    if (!sourceSystem || !targetSystem) continue;
    pairs.push({ source, target, sourceSystem, targetSystem });
  }
  return pairs;
}

/** The naive crosswalk: concepts of the target vocabulary named exactly like the source. */
function byNameBaseline(concepts) {
  const byName = new Map();
  for (const concept of concepts.values()) {
    if (concept.invalid_reason) continue;
    const key = `${concept.vocabulary_id}|${concept.concept_name.toLowerCase()}`;
    if (!byName.has(key)) byName.set(key, new Set());
    byName.get(key).add(concept.concept_code);
  }
  return (from, toVocabulary) =>
    byName.get(`${toVocabulary}|${from.concept_name.toLowerCase()}`) ?? new Set();
}

async function crosswalk(service, system, code, target) {
  const response = await fetch(`${service.baseUrl}/construe/codes/crosswalk`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${service.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ system, code, targets: [target] }),
  });
  if (!response.ok) return new Set();
  const body = await response.json();
  return new Set((body.targets?.[0]?.matches ?? []).map((match) => match.code));
}

async function score(service, pairs, baseline) {
  const result = { n: 0, service: 0, baseline: 0, misses: [] };
  for (const { source, target, sourceSystem, targetSystem } of pairs) {
    for (const [from, to, fromSystem, toSystem] of [
      [source, target, sourceSystem, targetSystem],
      [target, source, targetSystem, sourceSystem],
    ]) {
      result.n += 1;
      const found = await crosswalk(service, fromSystem, from.concept_code, toSystem);
      if (found.has(to.concept_code)) result.service += 1;
      else
        result.misses.push(
          `${from.vocabulary_id} ${from.concept_code} → ${to.vocabulary_id} ${to.concept_code} (got ${[...found].join(',') || 'nothing'})`,
        );
      if (baseline(from, to.vocabulary_id).has(to.concept_code)) result.baseline += 1;
    }
  }
  return result;
}

function report(title, result) {
  const pct = (k) => `${k}/${result.n} = ${result.n ? ((100 * k) / result.n).toFixed(1) : '0'}%`;
  const ratio = result.baseline
    ? (result.service / result.baseline).toFixed(2)
    : 'n/a (baseline 0)';
  console.log(`${title}: ${result.n / 2} pairs, ${result.n} look-ups (both directions)`);
  console.log(`  crosswalk agrees with Maps to: ${pct(result.service)}`);
  console.log(`  naive baseline (same name): ${pct(result.baseline)}; ratio ${ratio}`);
  for (const miss of result.misses.slice(0, 15)) console.log(`  miss: ${miss}`);
}

let service;
try {
  const concepts = athenaConcepts(athenaDir);
  const pairs = mapsToPairs(concepts);
  const icd = pairs.filter(
    ({ source, target }) => source.vocabulary_id === 'ICD10CM' && target.vocabulary_id === 'SNOMED',
  );
  const byVocabulary = {};
  for (const { source, target } of pairs) {
    const key = `${source.vocabulary_id}→${target.vocabulary_id}`;
    byVocabulary[key] = (byVocabulary[key] ?? 0) + 1;
  }
  const icdConcepts = [...concepts.values()].filter((c) => c.vocabulary_id === 'ICD10CM').length;
  service = await startService();
  const baseline = byNameBaseline(concepts);
  console.log(`vocabulary: ${athenaDir} (${concepts.size} concepts, ${icdConcepts} ICD10CM)`);
  report('ICD10CM ↔ SNOMED Maps to', await score(service, icd, baseline));
  report('every cross-concept Maps to with FHIR systems', await score(service, pairs, baseline));
  console.log(
    `  by vocabulary: ${Object.entries(byVocabulary)
      .map(([key, count]) => `${key} ${count}`)
      .join(', ')}`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  service?.stop();
}
