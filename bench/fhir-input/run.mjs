// The cost of the shared FHIR input policy (structural checks + R4 validation, tolerant)
// on the 14 Synthea HIV patient Bundles, next to JSON.parse of the same bytes measured in
// the same run. A benchmark, not a test: it prints figures and never fails on a timing.
//
//   npm run build && node bench/fhir-input/run.mjs [--rounds 5]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const hiv = resolve(
  repoRoot,
  '..',
  'shared',
  'reference',
  'fhir',
  'synthea-hiv-bundles-14-patients',
);
const distDir = resolve(repoRoot, process.env.BENCH_DIST_DIR ?? 'dist');
const policyFile = join(distDir, 'libs', 'fhir', 'src', 'domain', 'input', 'input-policy.js');
if (!existsSync(hiv)) {
  console.log(`SKIP: ${hiv} not found`);
  process.exit(0);
}
if (!existsSync(policyFile)) {
  console.error('run `npm run build` first (or set BENCH_DIST_DIR)');
  process.exit(1);
}
const { checkFhirInput } = await import(pathToFileURL(policyFile).href);

const texts = readdirSync(hiv)
  .filter((file) => /^[A-Z][a-z]+\d+_/.test(file))
  .map((file) => gunzipSync(readFileSync(join(hiv, file))).toString('utf8'));
const bundles = texts.map((text) => JSON.parse(text));
const resources = bundles.reduce((sum, bundle) => sum + bundle.entry.length, 0);

function median(run) {
  const times = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

checkFhirInput(bundles[0], { field: 'fhir_resources', strict: false }); // loads the definitions
const policyMs = median(() => {
  for (const bundle of bundles) checkFhirInput(bundle, { field: 'fhir_resources', strict: false });
});
const parseMs = median(() => {
  for (const text of texts) JSON.parse(text);
});
const perSecond = (ms) => Math.round((resources / ms) * 1000).toLocaleString('en');
console.log(`14 HIV patient Bundles, ${resources} resources, median of ${rounds} rounds`);
console.log(
  `  input policy (tolerant): ${policyMs.toFixed(0)} ms, ${perSecond(policyMs)} resources/s`,
);
console.log(
  `  baseline JSON.parse:     ${parseMs.toFixed(0)} ms, ${perSecond(parseMs)} resources/s`,
);
console.log(`  policy / parse: ${(policyMs / parseMs).toFixed(1)}× slower`);
