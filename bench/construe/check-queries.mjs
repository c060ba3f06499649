#!/usr/bin/env node
// Checks bench/construe/queries.json against the ICD-10-CM FY2021 code list:
// exactly 200 entries, every `expected` code exists (dotted form), no duplicate queries.
// Usage: node bench/construe/check-queries.mjs
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const codesFile = resolve(
  repoRoot,
  '..',
  'shared',
  'reference',
  'nlp',
  'codes',
  'icd10cm_2021_codes.csv.gz',
);
const EXPECTED_COUNT = 200;

if (!existsSync(codesFile)) {
  console.log(`SKIP: reference file not found: ${codesFile}`);
  process.exit(0);
}

/** CSV code (no dot) → dotted code, the way ICD-10-CM is written: a dot after the 3rd character. */
export function dotted(code) {
  return code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code;
}

const lines = gunzipSync(readFileSync(codesFile)).toString('utf8').split(/\r?\n/);
const known = new Map(); // dotted code → billable flag
for (const line of lines.slice(1)) {
  if (!line) continue;
  const [code, billable] = line.split(',', 2);
  known.set(dotted(code), billable === '1');
}

const queries = JSON.parse(readFileSync(join(here, 'queries.json'), 'utf8'));
const problems = [];
if (!Array.isArray(queries)) problems.push('queries.json is not an array');
if (queries.length !== EXPECTED_COUNT)
  problems.push(`expected ${EXPECTED_COUNT} entries, found ${queries.length}`);

const seen = new Map();
let notBillable = 0;
const chapters = new Map();
queries.forEach((entry, index) => {
  const where = `#${index + 1}`;
  if (typeof entry?.query !== 'string' || entry.query.trim() === '')
    problems.push(`${where}: missing query`);
  if (typeof entry?.expected !== 'string') {
    problems.push(`${where}: missing expected`);
    return;
  }
  const key = entry.query.trim().toLowerCase();
  if (seen.has(key))
    problems.push(`${where}: duplicate query "${entry.query}" (also ${seen.get(key)})`);
  else seen.set(key, where);
  if (!known.has(entry.expected))
    problems.push(`${where}: "${entry.query}" expects ${entry.expected}, not in ${codesFile}`);
  else if (!known.get(entry.expected)) notBillable += 1;
  const letter = entry.expected[0];
  chapters.set(letter, (chapters.get(letter) ?? 0) + 1);
});

console.log(`${queries.length} queries, ${known.size} ICD-10-CM codes in the reference list`);
console.log(`non-billable expected codes: ${notBillable}`);
console.log(
  `by first letter: ${[...chapters.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([letter, count]) => `${letter}=${count}`)
    .join(' ')}`,
);
if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s):`);
  for (const problem of problems) console.log(`  - ${problem}`);
  process.exit(1);
}
console.log('OK: every expected code exists and no query is duplicated');
