#!/usr/bin/env node
// lang2fhir accuracy in process, without HTTP: the same engine, detectKind, linking and builders
// as POST /lang2fhir/create (no validation step), over the name index built from the shared
// files as the API builds it (Athena subset + all of ICD-10-CM), on our sentences and the dev
// set, scored with the exact rule of run.mjs. Prints the misses grouped by cause and the
// pipeline's time per sentence next to the engine alone. After a build:
//   node bench/lang2fhir/in-process.mjs          (ONLY=dev-1 to run the ids containing it)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { baselineKind, TYPE_OF_KIND } from './baseline-router.mjs';
import { buildDevSet, DEV_SYSTEMS } from './dev-set.mjs';
import { athenaConcepts, athenaRows, icd10cmConcepts } from './vocabulary-files.mjs';
const root = resolve(import.meta.dirname, '..', '..');
const d = (p) => join(root, process.env.BENCH_DIST_DIR ?? 'dist', p);
const nlp = await import(d('libs/clinical-nlp/src/index.js'));
const { ConceptNameIndex } = await import(
  d('libs/vocabulary/src/domain/name-index/concept-name-index.js')
);
const { parseIcd10cmOrderLine } = await import(d('libs/vocabulary/src/domain/publisher-files.js'));
const { BUILDERS } = await import(d('libs/lang2fhir/src/domain/builders/index.js'));
const { detectKind } = await import(d('libs/lang2fhir/src/domain/detect-kind.js'));
const { linkTargetsFor } = await import(d('libs/lang2fhir/src/domain/link-targets.js'));
const { withRequestedMention, wholeRequestPhrase, withWholePhrase, requestedReason } = await import(
  d('libs/lang2fhir/src/domain/requested-mention.js')
);
const { ConceptLinks } = await import(d('libs/lang2fhir/src/domain/concept-links.js'));
const { listedActivities } = await import(d('libs/lang2fhir/src/domain/listed-activities.js'));
const { asProcedureReportedDone } = await import(
  d('libs/lang2fhir/src/domain/procedure-reported-done.js')
);
const { subjectFor } = await import(d('libs/lang2fhir/src/domain/subject.js'));
const reference = resolve(root, '..', 'shared', 'reference');
const athenaDir = join(reference, 'omop', 'vocab', 'athena-subset');
const VOC = { SNOMED: 'SNOMED', ICD10CM: 'ICD10CM', RXNORM: 'RxNorm', LOINC: 'LOINC', CPT: 'CPT4' };
const NAMED = ['SNOMED', 'ICD10CM', 'RxNorm', 'LOINC', 'CVX', 'CPT4', 'HCPCS'];
const concepts = [
  ...athenaConcepts(athenaDir, NAMED),
  ...icd10cmConcepts(
    join(reference, 'nlp', 'codes', 'icd10cm-order-Jan-2021.txt.gz'),
    parseIcd10cmOrderLine,
  ),
];
const LINKS = (
  process.env.LINKS ?? 'Tradename of,Consists of,RxNorm has ing,Has brand name,Contains'
).split(',');
const ids = new Map(concepts.map((c) => [c.conceptId, c]));
const links = athenaRows(athenaDir, 'CONCEPT_RELATIONSHIP.csv')
  .filter(
    (r) =>
      process.env.ALL_LINKS ||
      (LINKS.includes(r.relationship_id) &&
        ids.get(Number(r.concept_id_1))?.vocabularyId === 'RxNorm'),
  )
  .map((r) => ({
    from: Number(r.concept_id_1),
    to: Number(r.concept_id_2),
    relationshipId: r.relationship_id,
  }));
const index = ConceptNameIndex.build(concepts, links);
const port = {
  search: async (t, p, l) => (p.trim() ? index.search(VOC[t], p, l) : []),
  respell: async (t, p) => index.respell(VOC[t], p),
  brandIngredients: async (x) => index.brandIngredients(x),
};
const own = JSON.parse(readFileSync(join(root, 'bench/lang2fhir/sentences.json'), 'utf8'));
const sys = { ...own.systems, ...DEV_SYSTEMS };
const sentences = [];
for (const s of own.sentences) {
  const exp = s.codes.map(([nm, c]) => `${sys[nm]}|${c}`);
  sentences.push({
    ...s,
    set: 'own',
    expected: exp,
    acceptable: new Set(exp),
    held: s.codes.some(([nm]) => ['SNOMED', 'LOINC', 'RXNORM', 'ICD10CM'].includes(nm)),
  });
}
for (const s of buildDevSet(reference))
  sentences.push({
    ...s,
    set: 'dev',
    expected: [],
    acceptable: new Set(s.acceptable.map(([nm, c]) => `${sys[nm]}|${c}`)),
  });
const short = (k) =>
  k
    .replace('http://snomed.info/sct', 'SCT')
    .replace('http://loinc.org', 'LN')
    .replace('http://www.nlm.nih.gov/research/umls/rxnorm', 'RX')
    .replace('http://hl7.org/fhir/sid/icd-10-cm', 'ICD');
function exactCodings(r) {
  const f = [];
  for (const [k, v] of Object.entries(r ?? {}))
    if (k === 'code' || k.endsWith('CodeableConcept'))
      for (const c of v?.coding ?? []) f.push(`${c.system}|${c.code}`);
  return f;
}
function codingsIn(v, f = new Set()) {
  if (Array.isArray(v)) for (const i of v) codingsIn(i, f);
  else if (v && typeof v === 'object') {
    if (typeof v.system === 'string' && typeof v.code === 'string') f.add(`${v.system}|${v.code}`);
    for (const c of Object.values(v)) codingsIn(c, f);
  }
  return f;
}
async function run(resource, text) {
  const now = new Date('2026-11-25T10:00:00Z');
  const analysed = nlp.analyzeClinicalText(text, { referenceDate: now });
  let kind = resource;
  if (resource === 'auto') {
    const k = detectKind(analysed);
    if (!k) return { err: 'nothing(auto)' };
    kind = k.kind;
  }
  let a = analysed;
  if (kind === 'medicationrequest' && a.medications.length === 0) {
    const names = index.drugNamesIn(a.text);
    if (names.length)
      a = { ...a, medications: names.map((nm) => nlp.medicationAt(a.text, a.sentences, nm)) };
  }
  a = withRequestedMention(a, kind);
  const whole = wholeRequestPhrase(a, kind);
  if (whole && (await nlp.linkExactName(whole, port))) a = withWholePhrase(a, whole);
  const reason = requestedReason(a, kind);
  if (reason && (!reason.partial || (await nlp.linkExactName(reason.phrase, port))))
    a = withWholePhrase(a, reason.phrase);
  for (const item of listedActivities(a, kind))
    if (await nlp.linkExactName(item, port)) a = { ...a, phrases: [...a.phrases, item] };
  const results = [];
  for (const t of linkTargetsFor(a, kind)) results.push([t.span, await nlp.linkPhrase(t, port)]);
  const links = ConceptLinks.of(results);
  const done =
    resource === 'auto' && kind === 'condition-problems-health-concerns'
      ? asProcedureReportedDone(a, links)
      : null;
  if (done) [kind, a] = ['procedure', done];
  const built = BUILDERS[kind]({
    analysis: a,
    links,
    now: now.toISOString(),
    newId: () => 'x',
    subject: subjectFor(a, undefined),
  });
  if (!built) return { err: `nothing(${kind})`, kind };
  return { resource: built.resource, kind };
}
const times = [],
  engineTimes = [];
// per set: sentences, right type, code scored, code right, right type by the regex baseline
let tot = { own: [0, 0, 0, 0, 0], dev: [0, 0, 0, 0, 0] };
const misses = [];
const only = process.env.ONLY;
for (const s of sentences) {
  if (only && !s.id.includes(only)) continue;
  let out;
  const t0 = performance.now();
  try {
    out = await run(s.resource, s.text);
    times.push(performance.now() - t0);
    const t1 = performance.now();
    nlp.analyzeClinicalText(s.text, { referenceDate: new Date() });
    engineTimes.push(performance.now() - t1);
  } catch (e) {
    out = { err: 'throw ' + e.message };
  }
  const r = out.resource;
  if (process.env.DUMP) console.log(JSON.stringify(r));
  const ex = r ? exactCodings(r) : [];
  const pres = r ? codingsIn(r) : new Set();
  const missing = s.expected.filter((k) => !pres.has(k));
  const bad = ex.filter((k) => !s.acceptable.has(k));
  const exactOk =
    s.held && bad.length === 0 && (s.set === 'own' ? missing.length === 0 : ex.length > 0);
  const typeOk = r?.resourceType === s.type;
  const t = tot[s.set];
  t[0]++;
  if (typeOk) t[1]++;
  if (TYPE_OF_KIND[baselineKind(s.text)] === s.type) t[4]++;
  if (s.held) {
    t[2]++;
    if (exactOk) t[3]++;
  }
  if (!typeOk || (s.held && !exactOk)) {
    const cause = !r
      ? 'no-resource'
      : !typeOk
        ? 'type'
        : ex.length === 0
          ? 'no-code'
          : bad.length && ex.some((k) => s.acceptable.has(k))
            ? 'extra-coding'
            : missing.length && !bad.length
              ? 'missing'
              : 'wrong-code';
    misses.push({
      cause,
      line: `${s.id} [${s.resource}] "${s.text}" → ${r ? r.resourceType + '/' + out.kind : out.err}; emitted ${ex.map(short).join(',') || '-'}; want ${[...s.acceptable].map(short).join(',')}`,
    });
  }
}
const group = {};
for (const m of misses) (group[m.cause] ??= []).push(m.line);
for (const [c, l] of Object.entries(group)) {
  console.log(`== ${c} (${l.length})`);
  for (const x of l) console.log('  ' + x);
}
for (const [k, t] of Object.entries(tot))
  console.log(
    `${k}: type ${((100 * t[1]) / t[0]).toFixed(1)}% (${t[1]}/${t[0]}; regex baseline ${((100 * t[4]) / t[0]).toFixed(1)}%, ratio ${(t[1] / t[4]).toFixed(2)}), exact ${((100 * t[3]) / t[2]).toFixed(1)}% (${t[3]}/${t[2]}; baseline: no codes)`,
  );

const pq = (a, q) => {
  const b = [...a].sort((x, y) => x - y);
  return b[Math.min(b.length - 1, Math.floor(q * b.length))].toFixed(3);
};
console.log(
  `in process (${times.length}): pipeline p50 ${pq(times, 0.5)} ms p95 ${pq(times, 0.95)} ms; engine alone p50 ${pq(engineTimes, 0.5)} ms p95 ${pq(engineTimes, 0.95)} ms`,
);
