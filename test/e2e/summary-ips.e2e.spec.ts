import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipsProblems, r4Problems } from '../support/ips-conformance.js';
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

/** The document validates against R4 and has what the IPS profiles require. */
function expectConformantIps(bundle: Json): void {
  expect(r4Problems(bundle)).toEqual([]);
  expect(ipsProblems(bundle)).toEqual([]);
}

const OTHER_SECTION_CODES = [
  '30954-2',
  '46264-8',
  '11348-0',
  '47420-5',
  '18776-5',
  '29762-2',
  '10162-6',
  '42348-3',
];

/**
 * The IPS IG sections beyond the six that a patient's data has entries for, by the rules the
 * README states, written out again as the test's own oracle.
 */
function expectedOtherSections(own: Json[]): string[] {
  const live = own.filter((resource) => !enteredInError(resource));
  const categories = (resource: Json) =>
    ((resource.category ?? []) as Json[]).flatMap((category) =>
      ((category?.coding ?? []) as Json[]).map((coding) => coding.code as string),
    );
  const loincCodes = (concept: Json | undefined) =>
    ((concept?.coding ?? []) as Json[])
      .filter((coding) => coding.system === 'http://loinc.org')
      .map((coding) => coding.code as string);
  const reported = (observation: Json) =>
    observation.resourceType === 'Observation' &&
    ['final', 'amended', 'corrected', 'preliminary'].includes(observation.status) &&
    (Object.keys(observation).some((key) => key.startsWith('value')) ||
      (observation.component ?? []).length > 0);
  const pregnancy = (resource: Json) =>
    loincCodes(resource.code).some((code) =>
      /^(82810-3|1177[89]-[68]|11780-4|1163[6-9]-.|11640-0|1161[234]-.|33065-4)$/.test(code),
    );
  const has: Record<string, boolean> = {
    '30954-2':
      live.some(
        (resource) =>
          reported(resource) &&
          categories(resource).some((code) => ['laboratory', 'imaging'].includes(code)) &&
          !categories(resource).includes('vital-signs'),
      ) ||
      live.some(
        (resource) =>
          resource.resourceType === 'DiagnosticReport' &&
          ['final', 'amended', 'corrected', 'preliminary', 'partial', 'appended'].includes(
            resource.status,
          ) &&
          categories(resource).some((code) =>
            ['LAB', 'laboratory', 'RAD', 'imaging', 'PAT', 'SP', 'CP', 'CH', 'HM', 'MB'].includes(
              code,
            ),
          ),
      ),
    '46264-8': live.some((resource) => resource.resourceType === 'DeviceUseStatement'),
    '11348-0': live.some(
      (resource) =>
        resource.resourceType === 'Condition' &&
        code(resource.verificationStatus) !== 'refuted' &&
        (resource.clinicalStatus
          ? !['active', 'recurrence', 'relapse'].includes(code(resource.clinicalStatus) ?? '')
          : Object.keys(resource).some((key) => key.startsWith('abatement'))),
    ),
    '47420-5': live.some((resource) => resource.resourceType === 'ClinicalImpression'),
    '18776-5': live.some(
      (resource) =>
        (resource.resourceType === 'CarePlan' &&
          ['active', 'on-hold', 'draft'].includes(resource.status)) ||
        resource.resourceType === 'ImmunizationRecommendation',
    ),
    '29762-2': live.some(
      (resource) =>
        reported(resource) &&
        (categories(resource).includes('social-history') ||
          loincCodes(resource.code).some((code) => ['72166-2', '74013-4'].includes(code))) &&
        !pregnancy(resource),
    ),
    '10162-6': live.some((resource) => reported(resource) && pregnancy(resource)),
    '42348-3': live.some(
      (resource) =>
        (resource.resourceType === 'Consent' && resource.status === 'active') ||
        (resource.resourceType === 'DocumentReference' &&
          resource.status === 'current' &&
          loincCodes(resource.type).includes('42348-3')),
    ),
  };
  return OTHER_SECTION_CODES.filter((sectionCode) => has[sectionCode]);
}

/** The six sections' lines are those of the text; every other section lists one line per entry. */
function expectDocumentSections(body: Json, expectedOthers: string[]): void {
  const composition = body.bundle.entry[0].resource as Json;
  expect(composition.resourceType).toBe('Composition');
  const codes = (composition.section as Json[]).map(
    (section) => section.code.coding[0].code as string,
  );
  expect(codes).toEqual([...SIX_CODES, ...expectedOthers]);
  expect(body.sections.map((section: Json) => section.code as string)).toEqual(codes);
  const text = sectionsOf(body.summary);
  (composition.section as Json[]).forEach((section, index) => {
    const entries = (section.entry ?? []) as Json[];
    expect(entries.length).toBe(body.sections[index].item_count);
    if (index >= SIX_CODES.length) {
      expect(entries.length).toBeGreaterThan(0);
      expect(section.text.div.split('<li>').length - 1).toBe(entries.length);
      return;
    }
    const lines = text[section.title];
    expect(entries.length).toBe(lines.length);
    for (const line of lines)
      expect(section.text.div).toContain(
        line
          .slice(2)
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;'),
      );
  });
}

const SIX_CODES = ['48765-2', '10160-0', '11450-4', '11369-6', '47519-4', '8716-3'];

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
      expect(body.warnings).toEqual([]);
      expectDocumentSections(body, expectedOtherSections(clinical));
      expectConformantIps(body.bundle);

      // Every section the example's own Composition fills is in ours. The one exception the
      // data cannot show: a Condition filed under Functional Status by its author is an active
      // problem by its own elements, so ours lists it under Problems.
      const ours = (body.bundle.entry[0].resource.section as Json[]).map(
        (section) => section.code.coding[0].code as string,
      );
      const theirs = (entries[0].resource.section as Json[]).filter(
        (section) =>
          (section.entry ?? []).length > 0 &&
          [...SIX_CODES, ...OTHER_SECTION_CODES].includes(section.code.coding[0].code),
      );
      for (const section of theirs) {
        const sectionCode = section.code.coding[0].code as string;
        if (sectionCode === '47420-5' && !ours.includes(sectionCode)) {
          const problems = sectionsOf(body.summary).Problems;
          for (const reference of section.entry as Json[]) {
            const target = resources.find(
              (resource) =>
                resource.__fullUrl === reference.reference ||
                String(resource.__fullUrl).endsWith(`/${reference.reference}`),
            )!;
            expect(target.resourceType).toBe('Condition');
            expect(problems.some((line) => line.startsWith(`- ${label(target.code)}`))).toBe(true);
          }
          continue;
        }
        expect(ours, `${file} has section ${sectionCode}`).toContain(sectionCode);
      }
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

  const hivPatients = existsSync(HIV)
    ? readdirSync(HIV).filter((file) => /^[A-Z][a-z]+\d+_/.test(file))
    : [];

  describe.skipIf(hivPatients.length === 0)(`Synthea HIV patients${skipped(HIV)}`, () => {
    it.each(hivPatients)(
      '%s gives a conformant IPS document with every section it has data for',
      async (file) => {
        const bundle = JSON.parse(
          gunzipSync(readFileSync(`${HIV}${file}`)).toString('utf8'),
        ) as Json;
        const own = (bundle.entry as Json[]).map((entry) => entry.resource as Json);
        const { status, body } = await ips(bundle, { format: 'bundle' });
        expect(status).toBe(200);
        expectSectionsToHold(body.summary, expectedSections(own, own));
        expectDocumentSections(body, expectedOtherSections(own));
        expectConformantIps(body.bundle);
      },
    );
  });

  describe('EHR-style input with defects', () => {
    const patientEntry = {
      fullUrl: 'urn:uuid:7f1d7f0e-2b1c-4c5e-9d5a-0f6e1a2b3c4d',
      resource: {
        resourceType: 'Patient',
        id: 'ehr-patient',
        name: [{ family: 'Okafor', given: ['Ada'] }, {}],
        communication: [{ preferred: true }],
        birthDate: '1970-02-03',
      },
    };
    const subject = { reference: patientEntry.fullUrl };
    const ehrDocument = {
      resourceType: 'Bundle',
      type: 'document',
      identifier: {
        system: 'urn:ietf:rfc:3986',
        value: 'urn:uuid:0c3d4f0e-1f7e-4b59-a4c6-1d2b3c4d5e6f',
      },
      timestamp: '2024-05-01T10:00:00Z',
      entry: [
        {
          fullUrl: 'urn:uuid:5b0c1a2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
          resource: {
            resourceType: 'Composition',
            type: { coding: [{ system: 'http://loinc.org', code: '60591-5' }] },
            subject,
            section: [
              {
                title: 'Problems',
                code: { coding: [{ system: 'http://loinc.org', code: '11450-4' }] },
                text: { div: '<div xmlns="http://www.w3.org/1999/xhtml">Asthma</div>' },
              },
            ],
          },
        },
        patientEntry,
        {
          fullUrl: 'urn:uuid:1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
          resource: {
            resourceType: 'Procedure',
            status: 'completed',
            subject,
            code: { text: 'Appendectomy' },
            performedDateTime: '2010-06-01',
            performer: [{ function_: { text: 'surgeon' }, actor: { display: 'Dr. Diaz' } }],
          },
        },
        {
          fullUrl: 'urn:uuid:2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
          resource: {
            resourceType: 'Condition',
            subject,
            code: { text: 'Asthma' },
            clinicalStatus: { coding: [{ code: 'active' }] },
            note: [{}],
          },
        },
      ],
    };
    const defectPaths = [
      'fhir_resources.entry[0].resource.status',
      'fhir_resources.entry[0].resource.date',
      'fhir_resources.entry[0].resource.author',
      'fhir_resources.entry[0].resource.title',
      'fhir_resources.entry[0].resource.section[0].text.status',
      'fhir_resources.entry[1].resource.name[1]',
      'fhir_resources.entry[1].resource.communication[0].language',
      'fhir_resources.entry[2].resource.performer[0].function_',
      'fhir_resources.entry[3].resource.note[0]',
      'fhir_resources.entry[3].resource.note[0].text',
    ];
    const warnedPaths = (warnings: string[]) => warnings.map((warning) => warning.split(': ')[0]);

    it('reads them in ips mode: 200, the sections, and one warning naming each defect', async () => {
      const { status, body } = await ips(ehrDocument, { format: 'bundle' });
      expect(status).toBe(200);
      const inputWarnings = (body.warnings as string[]).filter(
        (warning) => !warning.startsWith('IPS Bundle entry'),
      );
      expect(warnedPaths(inputWarnings).sort()).toEqual([...defectPaths].sort());
      const text = sectionsOf(body.summary);
      expect(text.Problems).toEqual(['- Asthma (status: active)']);
      expect(text.Procedures).toEqual(['- Appendectomy (date: 2010-06-01; status: completed)']);
      expect(body.summary.split('\n')[0]).toBe('International Patient Summary for Ada Okafor');
      // The document holds copies without the defects, and says what it left out.
      expectConformantIps(body.bundle);
      const left = body.warnings.filter((warning: string) =>
        warning.startsWith('IPS Bundle entry'),
      );
      expect(left.length).toBeGreaterThanOrEqual(3);
      expect(left.every((warning: string) => warning.includes(': left out '))).toBe(true);
    });

    it('reads them in flatten mode: 200 with the same warnings', async () => {
      const response = await fetch(`${api.baseUrl}/fhir2summary/create`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ mode: 'flatten', fhir_resources: ehrDocument }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Json;
      expect(warnedPaths(body.warnings).sort()).toEqual([...defectPaths].sort());
      expect(body.resources.map((resource: Json) => resource.resource_type as string)).toEqual([
        'Composition',
        'Patient',
        'Procedure',
        'Condition',
      ]);
    });

    it('refuses them with strict: true, naming the defects', async () => {
      const { status, body } = await ips(ehrDocument, { strict: true });
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, error: { code: 'SUMMARY.INVALID_FHIR' } });
      expect(body.message).toContain('fhir_resources.entry[2].resource.performer[0].function_');
    });

    it('still refuses an entry without resourceType, tolerant or not', async () => {
      const broken = { ...ehrDocument, entry: [...ehrDocument.entry, { resource: { id: 'x' } }] };
      for (const strict of [false, true]) {
        const { status, body } = await ips(broken, { strict });
        expect(status).toBe(400);
        expect(body.error.code).toBe('SUMMARY.INVALID_FHIR');
        expect(body.message).toContain('fhir_resources.entry[4].resource');
      }
    });
  });

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
      'a resource that is not FHIR',
      bundleOf([{ id: 'a', gender: 'female' }]),
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
