// Search requests written from the shared Synthea bulk export, in the words a clinician or an
// analyst types: for each type, distinct codes of the export, each phrased with one of a few
// templates (taken in turn), with the year of the resource's date as "since" or "in", and
// every other request about one patient (sent as X-Service-On-Behalf-Of, as an app acting for
// that patient would). The expected answer is the resource's type; the intended resources are
// worked out by `intended.mjs` from the data, not from the service.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** Where each type keeps its code and its date, and the FHIR date it is searched by. */
export const SHAPES = {
  Condition: { element: 'code', date: (r) => r.onsetDateTime },
  MedicationRequest: { element: 'medicationCodeableConcept', date: (r) => r.authoredOn },
  Immunization: { element: 'vaccineCode', date: (r) => r.occurrenceDateTime },
  Procedure: { element: 'code', date: (r) => r.performedDateTime ?? r.performedPeriod?.start },
  AllergyIntolerance: { element: 'code', date: (r) => r.recordedDate },
  Encounter: { element: 'type', date: (r) => r.period?.start },
};

/** `{d}` the display without its SNOMED semantic tag, `{y}` the year; `when` picks the date phrase. */
const TEMPLATES = {
  Condition: [
    'find patients with {d} {when}',
    '{d} {when}',
    'show conditions: {d} {when}',
    'who was diagnosed with {d} {when}?',
    'list diagnoses of {d} {when}',
  ],
  MedicationRequest: [
    'list meds: {d} {when}',
    '{d} prescriptions {when}',
    'patients prescribed {d} {when}',
    'show medication orders for {d} {when}',
    '{d} {when}',
  ],
  Immunization: [
    'who got the {d} vaccine {when}',
    'show immunizations: {d} {when}',
    '{d} vaccinations {when}',
    'list {d} shots given {when}',
  ],
  Procedure: [
    'show procedures: {d} {when}',
    'patients who underwent {d} {when}',
    '{d} performed {when}',
    'list {d} procedures done {when}',
    '{d} {when}',
  ],
  AllergyIntolerance: [
    'patients allergic to {d}',
    'show allergies to {d} {when}',
    '{d} allergy {when}',
    'list intolerances: {d}',
  ],
  Encounter: [
    'show encounters: {d} {when}',
    '{d} visits {when}',
    'list encounters of type {d} {when}',
    'find {d} encounters {when}',
  ],
};

function readNdjson(file) {
  return gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

/** Every resource of the export of these types (and the Patients), for loading and scoring. */
export function syntheaResources(dir, types) {
  const out = [];
  for (const type of ['Patient', ...types]) {
    const file = join(dir, `${type}.000.ndjson.gz`);
    if (existsSync(file)) out.push(...readNdjson(file));
  }
  return out;
}

export function codingOf(resource) {
  const element = resource[SHAPES[resource.resourceType].element];
  const concept = Array.isArray(element) ? element[0] : element;
  return { coding: concept?.coding?.[0], text: concept?.text };
}

export function patientIdOf(resource) {
  const reference = (resource.subject ?? resource.patient)?.reference ?? '';
  return /^Patient\/(.+)$/.exec(reference)?.[1];
}

/** Up to `perType` requests per type, one per distinct code, in export order. */
export function buildRequests(resources, perType) {
  const out = [];
  for (const type of Object.keys(SHAPES)) {
    const seen = new Set();
    for (const resource of resources) {
      if (resource.resourceType !== type || seen.size >= perType) continue;
      const { coding, text } = codingOf(resource);
      const display = (text ?? coding?.display ?? '').replace(/\s*\([a-z /]+\)\s*$/i, '').trim();
      if (!coding?.code || !display || seen.has(coding.code)) continue;
      seen.add(coding.code);
      const year = String(SHAPES[type].date(resource) ?? '').slice(0, 4);
      const n = out.length;
      const templates = TEMPLATES[type];
      const template = templates[seen.size % templates.length];
      const bound = !year ? undefined : n % 3 === 0 ? 'in' : 'since';
      const when = bound ? `${bound} ${year}` : '';
      out.push({
        type,
        text: template.replace('{d}', display).replace('{when}', when).replace(/\s+/g, ' ').trim(),
        system: coding.system,
        code: coding.code,
        date: bound && template.includes('{when}') ? { bound, year } : undefined,
        patient: n % 2 === 0 ? patientIdOf(resource) : undefined,
        sourceId: resource.id,
      });
    }
  }
  return out;
}
