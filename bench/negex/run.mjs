#!/usr/bin/env node
// Scores the clinical-nlp assertion engine (NegEx/ConText) on the NegEx test kit: 2,376
// (phrase, sentence) pairs with gold Negated/Affirmed, on which the original NegEx scored
// 97.8% accuracy. Also scores history and experiencer on the ConText annotations of the same
// sentences, as secondary figures.
//
//   npm run build && node bench/negex/run.mjs [--dist <build folder>] [--errors]
//
// It reads the kit from ../shared/reference/nlp/negex (relative to the repository root) and
// prints `SKIP: …` and exits 0 when it is absent. It exits non-zero only when it cannot be set
// up (no build). It never fails because of a score. See bench/negex/README.md.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const NEGEX_PUBLISHED_ACCURACY = 0.978;

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const kitDir = resolve(repoRoot, '..', 'shared', 'reference', 'nlp', 'negex');
const kitFile = join(kitDir, 'GeneralNegEx.Java.v.1.2.05092009_Annotations-1-120-random.txt');
const contextFile = join(kitDir, 'rsAnnotations-1-120-random.txt');

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    errors: { type: 'boolean', default: false },
  },
});
const entry = resolve(repoRoot, values.dist, 'libs', 'clinical-nlp', 'src', 'index.js');

if (!existsSync(kitFile)) {
  console.log(`SKIP: the NegEx test kit is not at ${kitFile}`);
  process.exit(0);
}
if (!existsSync(entry)) {
  console.error(`No build at ${entry}: run \`npm run build\` first (or pass --dist <folder>).`);
  process.exit(1);
}

const { parseNegationKit, scoreNegationKit, assertContext } = await import(
  pathToFileURL(entry).href
);

const started = performance.now();
const items = parseNegationKit(readFileSync(kitFile, 'utf8'));
const score = scoreNegationKit(items);
const elapsed = performance.now() - started;

const pct = (x) => `${(x * 100).toFixed(2)}%`;
console.log('NegEx test kit (negation)');
console.log(
  table([
    ['pairs', String(score.total)],
    ['phrase not found in sentence', String(score.unlocated)],
    ['true negated / true affirmed', `${score.truePositive} / ${score.trueNegative}`],
    ['false negated / false affirmed', `${score.falsePositive} / ${score.falseNegative}`],
    ['accuracy', pct(score.accuracy)],
    ['negated precision', pct(score.precision)],
    ['negated recall', pct(score.recall)],
    ['negated F1', pct(score.f1)],
    ['NegEx published accuracy', pct(NEGEX_PUBLISHED_ACCURACY)],
    ['ratio to NegEx', `${(score.accuracy / NEGEX_PUBLISHED_ACCURACY).toFixed(4)}`],
    [
      'time',
      `${elapsed.toFixed(0)} ms (${((elapsed * 1000) / score.total).toFixed(0)} µs per pair)`,
    ],
  ]),
);
if (values.errors) {
  for (const error of score.errors) {
    console.log(
      `${error.predicted ? 'FALSE NEGATED' : 'FALSE AFFIRMED'}\t${error.phrase}\t${error.sentence}`,
    );
  }
}

if (existsSync(contextFile)) {
  const context = scoreContext(readFileSync(contextFile, 'utf8'));
  console.log(
    '\nConText annotations of the same sentences (secondary: history depends on the note section, which the kit does not give)',
  );
  console.log(
    table([
      ['pairs', String(context.total)],
      ['historical accuracy', pct(context.historical.accuracy)],
      [
        'historical precision / recall',
        `${pct(context.historical.precision)} / ${pct(context.historical.recall)}`,
      ],
      ['experiencer (not the patient) accuracy', pct(context.family.accuracy)],
      [
        'experiencer precision / recall',
        `${pct(context.family.precision)} / ${pct(context.family.recall)}`,
      ],
    ]),
  );
}

/** Scores `historical` and `family` against the kit's temporality and experiencer columns. */
function scoreContext(content) {
  const counts = { historical: counter(), family: counter() };
  let total = 0;
  for (const line of content.split(/\r?\n/).slice(1)) {
    const [, rawPhrase, rawSentence, , temporality, experiencer] = line.split('\t');
    if (!rawPhrase || !rawSentence || !temporality || !experiencer) continue;
    const phrase = unquote(rawPhrase);
    const sentence = unquote(rawSentence);
    let start = sentence.indexOf(phrase.toUpperCase());
    if (start < 0) start = sentence.toLowerCase().indexOf(phrase.toLowerCase());
    if (start < 0) continue;
    total++;
    const assertion = assertContext(sentence, { start, end: start + phrase.length });
    tally(counts.historical, temporality.trim() === 'Historical', assertion.historical);
    tally(counts.family, experiencer.trim() !== 'Patient', assertion.family);
  }
  return { total, historical: rates(counts.historical), family: rates(counts.family) };
}

function counter() {
  return { tp: 0, tn: 0, fp: 0, fn: 0 };
}

function tally(count, gold, predicted) {
  if (gold && predicted) count.tp++;
  else if (!gold && !predicted) count.tn++;
  else if (predicted) count.fp++;
  else count.fn++;
}

function rates({ tp, tn, fp, fn }) {
  const ratio = (a, b) => (b === 0 ? 0 : a / b);
  return {
    accuracy: ratio(tp + tn, tp + tn + fp + fn),
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
  };
}

function unquote(text) {
  return text.replace(/^"(.*)"$/s, '$1');
}

function table(rows) {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n');
}
