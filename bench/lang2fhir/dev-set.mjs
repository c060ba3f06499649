// The dev set of bench/lang2fhir: short clinical requests written at bench time from the shared
// Synthea data (../shared/reference/fhir), in the phrasings clinicians use (abbreviations,
// "pt", "h/o", brand names, misspellings, doses without forms), each with its acceptable codes.
// The Synthea files are read, never copied into the project; the phrasings below are ours.
//
//   import { buildDevSet } from './dev-set.mjs';
//   const { sentences, sources } = buildDevSet(referenceDir);   // null when ../shared is absent
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const DEV_SYSTEMS = {
  SNOMED: 'http://snomed.info/sct',
  LOINC: 'http://loinc.org',
  RXNORM: 'http://www.nlm.nih.gov/research/umls/rxnorm',
  ICD10CM: 'http://hl7.org/fhir/sid/icd-10-cm',
};

/** A small deterministic generator, so that the same data gives the same sentences. */
function generator(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: (items) => items[Math.floor(next() * items.length)] };
}

function ndjson(file) {
  return gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

function tsv(file) {
  const [header, ...rows] = readFileSync(file, 'utf8').split('\n');
  const names = header.split('\t');
  return rows
    .filter((row) => row.trim() !== '')
    .map((row) => Object.fromEntries(row.split('\t').map((value, i) => [names[i], value])));
}

/** Distinct codings of a resource field, with how often they occur. */
function distinct(resources, field) {
  const found = new Map();
  for (const resource of resources) {
    const coding = resource[field]?.coding?.[0];
    if (!coding?.code || !coding.display) continue;
    const key = `${coding.system}|${coding.code}`;
    if (!found.has(key)) found.set(key, { ...coding, count: 0 });
    found.get(key).count += 1;
  }
  return [...found.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}

const TAG =
  /\s*\((?:disorder|finding|situation|procedure|regime\/therapy|observable entity)\)\s*$/i;
const clean = (display) => display.replace(TAG, '').trim();

// Social history and administrative findings that Synthea records as conditions but that a
// clinician does not write as a diagnosis request.
const NOT_CLINICAL =
  /employment|labor force|education|school|criminal|social|violence|abuse|housing|transport|risk activity|misuses|stress|received|certificate|awaiting/i;

// How clinicians shorten some problems (our own phrasings for the dev set, not engine knowledge).
const SHORT_FORMS = [
  [/^essential hypertension$/i, 'HTN'],
  [/^hyperlipidemia$/i, 'HLD'],
  [/^diabetes mellitus type 2$/i, 'DM2'],
  [/^chronic kidney disease stage (\d)$/i, 'CKD stage $1'],
  [/^end-stage renal disease$/i, 'ESRD'],
  [/^ischemic heart disease$/i, 'IHD'],
  [/^obstructive sleep apnea syndrome$/i, 'OSA'],
  [/^escherichia coli urinary tract infection$/i, 'E. coli UTI'],
  [/^recurrent urinary tract infection$/i, 'recurrent UTIs'],
  [/^acute viral pharyngitis$/i, 'acute viral pharyngitis'],
  [/^osteoarthritis of knee$/i, 'OA of the knee'],
  [/^seasonal allergic rhinitis$/i, 'seasonal allergies (allergic rhinitis)'],
  [/^body mass index 30\+ - obesity$/i, 'obesity, BMI over 30'],
  [/^gastroesophageal reflux disease$/i, 'GERD'],
];

function shortForm(text) {
  for (const [pattern, replacement] of SHORT_FORMS)
    if (pattern.test(text)) return text.replace(pattern, replacement);
  return undefined;
}

/** One typing slip in the longest word: two letters swapped, or one doubled. */
function misspell(text, random) {
  const words = text.split(' ');
  let longest = 0;
  words.forEach((word, i) => {
    if (/^[A-Za-z]+$/.test(word) && word.length > words[longest].length) longest = i;
  });
  const word = words[longest];
  if (word.length < 7 || !/^[A-Za-z]+$/.test(word)) return undefined;
  const at = 2 + Math.floor(random.next() * (word.length - 4));
  words[longest] =
    random.next() < 0.5
      ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
      : word.slice(0, at) + word[at] + word.slice(at);
  return words.join(' ');
}

const lower = (text) => (/^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text);

// ---------------------------------------------------------------- the vocabulary at hand

function vocabularyFacts(athenaDir, icd10cmCsv) {
  const concepts = tsv(join(athenaDir, 'CONCEPT.csv'));
  const byId = new Map(concepts.map((c) => [c.concept_id, c]));
  const held = new Set(concepts.map((c) => `${c.vocabulary_id}|${c.concept_code}`));
  if (icd10cmCsv && existsSync(icd10cmCsv))
    for (const line of gunzipSync(readFileSync(icd10cmCsv)).toString('utf8').split('\n').slice(1)) {
      const code = line.split(',')[0]?.replace(/"/g, '');
      if (code)
        held.add(`ICD10CM|${code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code}`);
    }
  // ICD-10-CM codes that the subset maps to a SNOMED concept: equivalent codings.
  const icdFor = new Map();
  for (const row of tsv(join(athenaDir, 'CONCEPT_RELATIONSHIP.csv'))) {
    if (row.relationship_id !== 'Maps to') continue;
    const from = byId.get(row.concept_id_1);
    const to = byId.get(row.concept_id_2);
    if (from?.vocabulary_id !== 'ICD10CM' || to?.vocabulary_id !== 'SNOMED') continue;
    const list = icdFor.get(to.concept_code) ?? [];
    list.push(from.concept_code);
    icdFor.set(to.concept_code, list);
  }
  const rxnorm = concepts.filter((c) => c.vocabulary_id === 'RxNorm' && !c.invalid_reason);
  const ingredients = rxnorm.filter((c) => c.concept_class_id === 'Ingredient');
  const clinicalDrugs = rxnorm.filter((c) =>
    ['Clinical Drug', 'Quant Clinical Drug'].includes(c.concept_class_id),
  );
  return { held, icdFor, ingredients, clinicalDrugs, rxnorm };
}

// ---------------------------------------------------------------- sentences by source

function conditionSentences(conditions, facts, random) {
  const sentences = [];
  const templates = [
    ['condition-encounter-diagnosis', (t) => `Pt dx with ${t} today`],
    ['condition-problems-health-concerns', (t) => `h/o ${t}`],
    ['condition-encounter-diagnosis', (t) => `Assessment: ${t}`],
    ['condition-problems-health-concerns', (t) => `Patient has ${t}, stable`],
    ['auto', (t) => `Diagnosed with ${t}`],
    ['condition-problems-health-concerns', (t) => `Add ${t} to the problem list`],
  ];
  let n = 0;
  for (const coding of conditions) {
    const text = clean(coding.display);
    if (NOT_CLINICAL.test(text)) continue;
    const acceptable = [['SNOMED', coding.code]];
    for (const icd of facts.icdFor.get(coding.code) ?? []) acceptable.push(['ICD10CM', icd]);
    const wordings = [lower(text)];
    const short = shortForm(text);
    if (short) wordings.push(short);
    else {
      const slipped = random.next() < 0.35 ? misspell(lower(text), random) : undefined;
      wordings.push(slipped ?? lower(text));
    }
    for (const wording of wordings) {
      const [resource, template] = templates[n % templates.length];
      n += 1;
      sentences.push({
        source: 'Condition',
        resource,
        text: template(wording),
        type: 'Condition',
        kind: resource === 'auto' ? 'condition-encounter-diagnosis' : resource,
        acceptable,
      });
    }
  }
  return sentences;
}

/** The parts of an RxNorm clinical or branded drug name. */
function drugParts(display) {
  const brand = /\[([^\]]+)\]\s*$/.exec(display)?.[1];
  const name = display
    .replace(/\s*\[[^\]]+\]\s*$/, '')
    .replace(/^(?:NDA\d+\s+)?(?:\d+(?:\.\d+)?\s+(?:HR|ML|ACTUAT)\s+)+/i, '');
  const match = /^(.*?)\s+(\d+(?:\.\d+)?)\s+(MG\/ML|MG\/ACTUAT|UNT\/ML|MG|MCG)\b\s*(.*)$/i.exec(
    name,
  );
  // Combination products ("A 250 MG / B 125 MG …") are left out: a short request names one drug.
  if (!match || /\//.test(match[1]) || /\s\/\s/.test(match[4])) return undefined;
  const [, ingredient, value, unit, form] = match;
  return {
    ingredient: ingredient.replace(/\s+(hydrochloride|sodium|potassium|succinate)$/i, ''),
    value,
    unit,
    form,
    brand,
  };
}

const UNIT_WORDS = {
  MG: 'mg',
  MCG: 'mcg',
  'MG/ML': 'mg/mL',
  'UNT/ML': 'units/mL',
  'MG/ACTUAT': 'mg/actuation',
};

function medicationSentences(medications, facts, random) {
  const sentences = [];
  for (const coding of medications) {
    const parts = drugParts(coding.display);
    if (!parts) continue;
    const { ingredient, value, unit, form, brand } = parts;
    const ingredientConcept = facts.ingredients.find(
      (c) => c.concept_name.toLowerCase() === ingredient.toLowerCase(),
    );
    const strength = `${value}${unit === 'MG' ? 'mg' : ` ${UNIT_WORDS[unit.toUpperCase()] ?? unit.toLowerCase()}`}`;
    const exact = [['RXNORM', coding.code]];
    // No form written: the clinical drug when the vocabulary holds one plain oral tablet of that
    // strength, or exactly one clinical drug of it; otherwise the ingredient.
    const ofStrength = facts.clinicalDrugs.filter((c) => {
      const name = c.concept_name.toLowerCase();
      return (
        name.includes(ingredient.toLowerCase()) &&
        !name.includes(' / ') &&
        new RegExp(
          `(^|\\s)${value.replace('.', '\\.')} ${unit.toLowerCase().replace('/', '\\/')}(\\s|$)`,
        ).test(name)
      );
    });
    const codes = [...new Set(ofStrength.map((c) => c.concept_code))];
    const tablets = [
      ...new Set(
        ofStrength
          .filter((c) => / oral tablet$/i.test(c.concept_name) && !/release/i.test(c.concept_name))
          .map((c) => c.concept_code),
      ),
    ];
    const formless =
      tablets.length === 1
        ? [['RXNORM', tablets[0]]]
        : codes.length === 1
          ? [['RXNORM', codes[0]]]
          : ingredientConcept
            ? [['RXNORM', ingredientConcept.concept_code]]
            : exact;
    const formWord = /oral tablet/i.test(form)
      ? random.pick(['tab', 'tablet', 'PO tab'])
      : /capsule/i.test(form)
        ? 'cap'
        : /injection|injectable/i.test(form)
          ? 'injection'
          : /inhalation/i.test(form)
            ? 'nebulizer solution'
            : form.toLowerCase();
    const add = (text, acceptable, note) =>
      sentences.push({
        source: `MedicationRequest (${note})`,
        resource: 'medicationrequest',
        text,
        type: 'MedicationRequest',
        kind: 'medicationrequest',
        acceptable,
      });
    const generic = lower(ingredient);
    add(`Prescribed ${generic} ${strength} ${formWord} daily`, exact, 'with form');
    add(
      random.pick([
        `Start ${generic} ${strength} PO daily`,
        `Pt to take ${strength} ${generic} once a day`,
        `Rx ${generic} ${strength} BID`,
      ]),
      formless,
      'no form',
    );
    if (brand) {
      const generic = facts.rxnorm.find(
        (c) =>
          ['Clinical Drug', 'Quant Clinical Drug'].includes(c.concept_class_id) &&
          c.concept_name.toLowerCase() ===
            coding.display.replace(/\s*\[[^\]]+\]\s*$/, '').toLowerCase(),
      );
      add(
        `Continue ${brand} ${strength} ${formWord}`,
        generic ? [...exact, ['RXNORM', generic.concept_code]] : exact,
        'brand',
      );
    }
    const slipped = misspell(generic, random);
    if (slipped) add(`Prescribed ${slipped} ${strength}`, formless, 'misspelt');
  }
  return sentences;
}

function procedureSentences(procedures, random) {
  const templates = [
    (t) => `Underwent ${t} today`,
    (t) => `s/p ${t}`,
    (t) => `${t[0].toUpperCase()}${t.slice(1)} performed this visit`,
    (t) => `Pt had ${t} on 3/2`,
  ];
  const sentences = [];
  let n = 0;
  for (const coding of procedures.slice(0, 70)) {
    const text = lower(clean(coding.display));
    if (/screening|assessment|reconciliation|questionnaire|review|evaluation of/i.test(text))
      continue;
    const wording = random.next() < 0.2 ? (misspell(text, random) ?? text) : text;
    sentences.push({
      source: 'Procedure',
      resource: n % 3 === 2 ? 'auto' : 'procedure',
      text: templates[n % templates.length](wording),
      type: 'Procedure',
      kind: 'procedure',
      acceptable: [['SNOMED', coding.code]],
    });
    n += 1;
  }
  return sentences;
}

function screeningSentences(procedures, conditions, random) {
  const sentences = [];
  const screenings = procedures.filter((c) =>
    /screening|assessment using|questionnaire/i.test(c.display),
  );
  for (const coding of screenings.slice(0, 14)) {
    const text = lower(clean(coding.display));
    const score = Math.floor(random.next() * 12);
    sentences.push({
      source: 'Procedure (screening)',
      resource: 'questionnaireresponse',
      text: random.pick([
        `Pt completed ${text}, score ${score}`,
        `${text[0].toUpperCase()}${text.slice(1)} completed with a total score of ${score}`,
        `Patient filled out the ${text}; result indicates ${score > 6 ? 'moderate' : 'mild'} symptoms`,
      ]),
      type: 'QuestionnaireResponse',
      kind: 'questionnaireresponse',
      acceptable: [],
    });
  }
  const problems = conditions
    .map((c) => lower(clean(c.display)))
    .filter((t) => !NOT_CLINICAL.test(t));
  for (let i = 0; i + 2 < problems.length && sentences.length < 28; i += 5) {
    const [a, b, c] = problems.slice(i, i + 3);
    sentences.push({
      source: 'Condition (intake form)',
      resource: 'questionnaire',
      text: random.pick([
        `Indicate whether you have a history of ${a}, ${b} or ${c}`,
        `Please list any family history of ${a}, ${b}, and ${c}`,
        `Intake form: ${a}; ${b}; ${c} - check all that apply`,
      ]),
      type: 'Questionnaire',
      kind: 'questionnaire',
      acceptable: [],
    });
  }
  return sentences;
}

// Vital signs of the HIV bundles (whose codes are CIEL-style, so the LOINC codes a vital-sign
// profile requires are written here by name).
const VITALS = [
  [/^weight$/i, (v) => `Wt ${v.toFixed(1)} kg`, ['29463-7']],
  [/^height$/i, (v) => `Ht ${v.toFixed(0)} cm`, ['8302-2']],
  [/^temperature$/i, (v) => `Temp ${v.toFixed(1)} C`, ['8310-5']],
  [/^pulse$/i, (v) => `HR ${v.toFixed(0)} bpm`, ['8867-4']],
  [/oxygen saturation/i, (v) => `SpO2 ${v.toFixed(0)}% on room air`, ['2708-6', '59408-5']],
];

function vitalSentences(hivDir) {
  if (!existsSync(hivDir)) return [];
  const sentences = [];
  const perKind = new Map();
  for (const file of readdirSync(hivDir)
    .filter((f) => f.endsWith('.json.gz'))
    .sort()) {
    const bundle = JSON.parse(gunzipSync(readFileSync(join(hivDir, file))).toString('utf8'));
    for (const { resource } of bundle.entry ?? []) {
      if (resource?.resourceType !== 'Observation' || !resource.valueQuantity) continue;
      const display = resource.code?.coding?.[0]?.display ?? '';
      const vital = VITALS.find(([pattern]) => pattern.test(display));
      if (!vital || (perKind.get(vital[2][0]) ?? 0) >= 5) continue;
      perKind.set(vital[2][0], (perKind.get(vital[2][0]) ?? 0) + 1);
      sentences.push({
        source: 'Observation (vital sign)',
        resource: sentences.length % 2 === 0 ? 'vital-signs' : 'auto',
        text: vital[1](resource.valueQuantity.value),
        type: 'Observation',
        kind: 'vital-signs',
        acceptable: vital[2].map((code) => ['LOINC', code]),
      });
    }
  }
  return sentences;
}

/** The dev set, or null when the shared data is absent. */
export function buildDevSet(referenceDir) {
  const bulk = join(referenceDir, 'fhir', 'synthea-bulk-ndjson-13-patients');
  const athenaDir = join(referenceDir, 'omop', 'vocab', 'athena-subset');
  if (!existsSync(bulk) || !existsSync(athenaDir)) return null;
  const facts = vocabularyFacts(
    athenaDir,
    join(referenceDir, 'nlp', 'codes', 'icd10cm_2021_codes.csv.gz'),
  );
  const random = generator(20261125);
  const conditions = distinct(ndjson(join(bulk, 'Condition.000.ndjson.gz')), 'code');
  const medications = distinct(
    ndjson(join(bulk, 'MedicationRequest.000.ndjson.gz')),
    'medicationCodeableConcept',
  );
  const procedures = distinct(ndjson(join(bulk, 'Procedure.000.ndjson.gz')), 'code');
  const sentences = [
    ...conditionSentences(conditions, facts, random),
    ...medicationSentences(medications, facts, random),
    ...procedureSentences(procedures, random),
    ...screeningSentences(procedures, conditions, random),
    ...vitalSentences(join(referenceDir, 'fhir', 'synthea-hiv-bundles-14-patients')),
  ];
  return sentences.map((sentence, i) => ({
    id: `dev-${String(i + 1).padStart(3, '0')}`,
    ...sentence,
    // Whether the loaded vocabulary (Athena subset + ICD-10-CM) holds an acceptable code.
    held: sentence.acceptable.some(([system, code]) =>
      facts.held.has(`${system === 'RXNORM' ? 'RxNorm' : system}|${code}`),
    ),
  }));
}
