import { describe, expect, it } from 'vitest';
import { conformResource } from '@app/fhir';
import { expectedFailure } from '@app/shared';
import { groupByType, readFhirInput } from './fhir/fhir-input.js';
import { ReferenceIndex } from './fhir/reference-index.js';
import { flattenResource } from './flatten/flatten-resources.js';
import { buildInternationalPatientSummary } from './ips/build-ips.js';
import { parseTemplate } from './template/parse-template.js';
import { renderTemplate } from './template/render-template.js';

type Json = Record<string, unknown>;

const subject = { reference: 'urn:uuid:p' };
const coded = (code: string, text: string) => ({
  coding: [{ system: 'http://loinc.org', code, display: text }],
  text,
});

/** One resource of each kind the summaries read, each element filled. */
function fixture(): Json {
  const resources: Json[] = [
    {
      resourceType: 'Patient',
      id: 'p',
      identifier: [{ system: 'urn:mrn', value: '1' }],
      name: [{ family: 'Ames', given: ['Ann'], text: 'Ann Ames' }],
      gender: 'female',
      birthDate: '1970-01-01',
    },
    {
      resourceType: 'AllergyIntolerance',
      patient: subject,
      code: coded('1', 'Peanut'),
      clinicalStatus: { coding: [{ code: 'active' }] },
      verificationStatus: { coding: [{ code: 'confirmed' }] },
      category: ['food'],
      criticality: 'high',
      reaction: [{ manifestation: [{ text: 'Hives' }] }],
      onsetDateTime: '2000-01-01',
    },
    {
      resourceType: 'Condition',
      subject,
      code: coded('2', 'Asthma'),
      clinicalStatus: { coding: [{ code: 'resolved' }] },
      onsetPeriod: { start: '2001-01-01' },
      abatementDateTime: '2002-01-01',
    },
    { resourceType: 'Medication', id: 'm', code: coded('3', 'Salbutamol') },
    {
      resourceType: 'MedicationStatement',
      subject,
      status: 'active',
      medicationReference: { reference: 'Medication/m' },
      dosage: [
        {
          doseAndRate: [{ doseQuantity: { value: 2, unit: 'puff' } }],
          timing: { repeat: { frequency: 2, period: 1, periodUnit: 'd' } },
        },
      ],
      effectiveDateTime: '2020-01-01',
    },
    {
      resourceType: 'Immunization',
      patient: subject,
      status: 'completed',
      vaccineCode: coded('4', 'Influenza'),
      occurrenceDateTime: '2021-01-01',
    },
    {
      resourceType: 'Procedure',
      subject,
      status: 'completed',
      code: coded('5', 'Appendectomy'),
      performedPeriod: { start: '2010-01-01', end: '2010-01-02' },
    },
    {
      resourceType: 'Observation',
      subject,
      status: 'final',
      category: [{ coding: [{ code: 'vital-signs' }] }],
      code: coded('85354-9', 'Blood pressure'),
      component: [
        { code: coded('8480-6', 'Systolic'), valueQuantity: { value: 120, unit: 'mmHg' } },
      ],
      effectiveDateTime: '2022-01-01',
    },
    {
      resourceType: 'Observation',
      subject,
      status: 'final',
      category: [{ coding: [{ code: 'laboratory' }] }],
      code: coded('2345-7', 'Glucose'),
      valueQuantity: { value: 5, unit: 'mmol/L', comparator: '<' },
      issued: '2022-01-01T00:00:00Z',
    },
    {
      resourceType: 'DiagnosticReport',
      subject,
      status: 'final',
      category: [{ coding: [{ code: 'LAB' }] }],
      code: { text: 'Panel' },
      result: [{ reference: 'Observation/x' }],
    },
    { resourceType: 'Device', id: 'd', deviceName: [{ name: 'Pump', type: 'other' }] },
    {
      resourceType: 'DeviceUseStatement',
      subject,
      status: 'active',
      device: { reference: 'Device/d' },
      timingPeriod: { start: '2019-01-01' },
    },
    {
      resourceType: 'CarePlan',
      subject,
      status: 'active',
      intent: 'plan',
      title: 'Plan',
      category: [{ text: 'Diet' }],
      period: { start: '2020-01-01' },
    },
    {
      resourceType: 'Consent',
      patient: subject,
      status: 'active',
      scope: { text: 'adr' },
      category: [{ text: 'DNR' }],
      dateTime: '2020-01-01',
    },
    {
      resourceType: 'ClinicalImpression',
      subject,
      status: 'completed',
      description: 'Walks',
      summary: 'ok',
    },
  ];
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: resources.map((resource, index) => ({
      fullUrl: index === 0 ? 'urn:uuid:p' : `urn:uuid:r${index}`,
      resource,
    })),
  };
}

/** Every element path below the entries' resources, except resourceType (a structural check). */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [at];
  const children = Array.isArray(value)
    ? value.map((item, index) => paths(item, [...at, index]))
    : Object.entries(value)
        .filter(([key]) => key !== 'resourceType')
        .map(([key, item]) => paths(item, [...at, key]));
  return [at, ...children.flat()];
}

function replaced(root: Json, path: (string | number)[], value: unknown): Json {
  const copy = structuredClone(root);
  let node = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  return copy;
}

const WRONG_VALUES: unknown[] = [7, 'x', true, null, {}, [], [7], { a: 1 }, ['x', { b: [] }]];

const template = parseTemplate(
  'Patient <<Patient.name[0].family>> born <<Patient.birthDate|date>>; problems <<Condition.code|join>>; ' +
    'last vital <<Observation.value|last>>; allergies <<AllergyIntolerance.code|count>>.',
);

/** Runs every mode; only a refusal (an expected failure, e.g. the IPS patient rules) may be thrown. */
async function summariseEveryWay(bundle: Json, withDocument = false): Promise<void> {
  const input = readFhirInput(bundle);
  const references = new ReferenceIndex(input.entries);
  for (const entry of input.entries) flattenResource(entry, references);
  renderTemplate(template, groupByType(input.entries), { now: new Date('2025-01-01') });
  let next = 0;
  try {
    // As the summary handler does: the copies are conformed first (asynchronously), then used.
    const copies = new Map<Json, Json>();
    if (withDocument) {
      const included: Json[] = [];
      buildInternationalPatientSummary(input, {
        now: new Date('2025-01-01'),
        newId: () => `id-${++next}`,
        conform: (resource) => {
          included.push(resource);
          return resource;
        },
      });
      for (const resource of included)
        copies.set(resource, (await conformResource(resource)).resource);
    }
    buildInternationalPatientSummary(
      input,
      withDocument
        ? {
            now: new Date('2025-01-01'),
            newId: () => `id-${++next}`,
            conform: (resource) => (copies.get(resource) ?? resource) as typeof resource,
          }
        : null,
    );
  } catch (error) {
    if (!expectedFailure(error)) throw error;
  }
}

describe('tolerant reading: a value of the wrong shape anywhere is read as far as it can be', () => {
  const bundle = fixture();
  const entryPaths = paths(bundle.entry).map((path) => ['entry', ...path]);
  // Keep the entry objects and their resources themselves (replacing them is structural).
  const elementPaths = entryPaths.filter((path) => path.length > 3 && path[2] === 'resource');

  it('walks a fixture that reaches every section', async () => {
    expect(elementPaths.length).toBeGreaterThan(150);
    await expect(summariseEveryWay(bundle)).resolves.toBeUndefined();
  });

  const failuresWith = async (values: unknown[], withDocument: boolean): Promise<string[]> => {
    const failures: string[] = [];
    for (const path of elementPaths) {
      for (const value of values) {
        try {
          await summariseEveryWay(replaced(bundle, path, value), withDocument);
        } catch (error) {
          failures.push(`${path.join('.')} = ${JSON.stringify(value)}: ${String(error)}`);
        }
      }
    }
    return failures;
  };

  it('never fails with anything but a refusal, whatever wrong value replaces an element', async () => {
    expect(await failuresWith(WRONG_VALUES, false)).toEqual([]);
  }, 30_000);

  it('writes the IPS document from such input too (its copies conformed)', async () => {
    expect(await failuresWith([7, {}, ['x', { b: [] }]], true)).toEqual([]);
  }, 60_000);
});
