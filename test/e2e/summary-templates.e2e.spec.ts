import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, any>;

const SYNTHEA = fileURLToPath(
  new URL('../../../shared/reference/fhir/synthea-hiv-bundles-14-patients/', import.meta.url),
);
const hasSynthea = existsSync(SYNTHEA);
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function syntheaBundle(file: string): Json {
  return JSON.parse(gunzipSync(readFileSync(`${SYNTHEA}${file}`)).toString('utf8')) as Json;
}

/** What a clinician would write about a Synthea patient, from the raw data (no code of the service involved). */
function handWrittenSummary(bundle: Json): string {
  const resources = (bundle.entry as Json[]).map((entry) => entry.resource as Json);
  const patient = resources.find((resource) => resource.resourceType === 'Patient')!;
  const name = patient.name[0];
  const [year, month, day] = (patient.birthDate as string).split('-').map(Number);
  const firstImmunization = resources.find((resource) => resource.resourceType === 'Immunization')!;
  return (
    `${name.given.join(' ')} ${name.family}, ${patient.gender}, born ${MONTHS[month - 1]} ${day}, ${year}. ` +
    `First vaccine on record: ${firstImmunization.vaccineCode.text}.`
  );
}

describe.each(PROFILES)('summary templates (%s profile)', (profile) => {
  let api: TestApp;
  let acme: string;
  let globex: string;

  beforeAll(async () => {
    api = await startTestApp(profile);
    acme = await api.token(await api.createClient('acme'));
    globex = await api.token(await api.createClient('globex', 'free'));
  });

  afterAll(async () => {
    await api?.close();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(`${api.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  const patient = {
    resourceType: 'Patient',
    id: 'p1',
    name: [{ given: ['John', 'Michael'], family: 'Smith' }],
    gender: 'male',
    birthDate: '1970-03-15',
  };
  const condition = {
    resourceType: 'Condition',
    id: 'c1',
    subject: { reference: 'Patient/p1' },
    code: {
      coding: [{ system: 'http://snomed.info/sct', code: '38341003', display: 'Hypertension' }],
    },
    onsetDateTime: '2015-06-01',
  };
  const exampleData = {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [{ resource: patient }, { resource: condition }],
  };
  const exampleSummary = 'John Michael Smith (male) has had hypertension since 01/06/2015.';

  const createTemplate = (token: string, overrides: Json = {}) =>
    call('POST', '/fhir2summary/template', token, {
      name: 'one-liner',
      description: 'Problem one-liner',
      example_summary: exampleSummary,
      target_resources: ['Patient', 'Condition'],
      example_fhir_data: exampleData,
      mode: 'narrative',
      ...overrides,
    });

  it('derives placeholders from the example data and says which span became which', async () => {
    const created = await createTemplate(acme);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      success: true,
      template_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(created.body.template).toMatchObject({
      id: created.body.template_id,
      name: 'one-liner',
      description: 'Problem one-liner',
      target_resources: ['Patient', 'Condition'],
      mode: 'narrative',
      template:
        '<<Patient[0].name[0].given|join>> <<Patient[0].name[0].family>> (<<Patient[0].gender>>) has had ' +
        "<<Condition[0].code.coding[0].display|lower>> since <<Condition[0].onset.ofType(dateTime)|date:'dd/MM/yyyy'>>.",
    });
    for (const span of created.body.spans as Json[]) {
      expect(exampleSummary.slice(span.start, span.end)).toBe(span.text);
    }
    expect((created.body.spans as Json[]).map((span) => span.text as string)).toEqual([
      'John Michael',
      'Smith',
      'male',
      'hypertension',
      '01/06/2015',
    ]);
  });

  it('reproduces the example on the same data and renders another patient correctly', async () => {
    const { body } = await createTemplate(acme);
    const same = await call('POST', '/fhir2summary/create', acme, {
      mode: 'narrative',
      template_id: body.template_id,
      fhir_resources: exampleData,
    });
    expect(same.body).toEqual({
      success: true,
      message: expect.any(String),
      summary: exampleSummary,
      warnings: [],
    });
    const other = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { ...patient, name: [{ given: ['Jane'], family: 'Doe' }], gender: 'female' } },
        {
          resource: {
            ...condition,
            code: { coding: [{ display: 'Asthma' }] },
            onsetDateTime: '2001-12-24T08:00:00Z',
          },
        },
      ],
    };
    const rendered = await call('POST', '/fhir2summary/create', acme, {
      template_id: body.template_id,
      fhir_resources: other,
    });
    expect(rendered.body.summary).toBe('Jane Doe (female) has had asthma since 24/12/2001.');
  });

  it.skipIf(!hasSynthea)(
    `does the same with Synthea patients${hasSynthea ? '' : ` (skipped: ${SYNTHEA} not found)`}`,
    async () => {
      const first = syntheaBundle(
        'Ollie731_Crooks415_b44c3d06-7ace-05b7-e002-a8e746e91d7d.json.gz',
      );
      const second = syntheaBundle('Sang383_Kuhic920_23dc3811-ae4e-fc12-fe61-b4a54b057624.json.gz');
      const example = handWrittenSummary(first);
      const created = await call('POST', '/fhir2summary/template', acme, {
        name: 'synthea',
        example_summary: example,
        target_resources: ['Patient', 'Immunization'],
        example_fhir_data: first,
        mode: 'narrative',
      });
      expect(created.status).toBe(200);
      const render = async (bundle: Json) =>
        (
          await call('POST', '/fhir2summary/create', acme, {
            template_id: created.body.template_id,
            fhir_resources: bundle,
          })
        ).body;
      expect(await render(first)).toMatchObject({ summary: example, warnings: [] });
      expect(await render(second)).toMatchObject({
        summary: handWrittenSummary(second),
        warnings: [],
      });
    },
  );

  it('normalises {{Type.path}} placeholders when no example data is given, and stores mode as given', async () => {
    const created = await call('POST', '/fhir2summary/template', acme, {
      name: 'hand-made',
      example_summary:
        'Patient {{Patient.name.family}}, born {{Patient.birthDate|date:"d MMMM yyyy"}}',
      target_resources: ['Patient'],
      mode: 'my-custom-mode',
    });
    expect(created.status).toBe(200);
    expect(created.body.template).toMatchObject({
      template: "Patient <<Patient.name.family>>, born <<Patient.birthDate|date:'d MMMM yyyy'>>",
      mode: 'my-custom-mode',
      metadata: { derived_from: 'example_summary', placeholder_count: 2 },
    });
    expect(created.body.spans[0]).toEqual({
      start: 8,
      end: 31,
      text: '{{Patient.name.family}}',
      placeholder: '<<Patient.name.family>>',
    });
  });

  it('lists, reads, replaces and deletes templates of the account only; another account gets 404', async () => {
    const mine = (await createTemplate(acme, { name: 'to-manage' })).body.template_id as string;
    const theirs = (await createTemplate(globex, { name: 'globex-only' })).body
      .template_id as string;

    const listed = await call('GET', '/fhir2summary/templates', acme);
    expect(listed.status).toBe(200);
    const names = (listed.body.templates as Json[]).map((template) => template.name as string);
    expect(names).toContain('to-manage');
    expect(names).not.toContain('globex-only');

    expect((await call('GET', `/fhir2summary/template/${mine}`, acme)).body.template.name).toBe(
      'to-manage',
    );
    const replaced = await call('PUT', `/fhir2summary/template/${mine}`, acme, {
      name: 'renamed',
      template: '{{Patient.name.family|upper}}',
      target_resources: ['Patient'],
      mode: 'narrative',
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.template).toMatchObject({
      name: 'renamed',
      template: '<<Patient.name.family|upper>>',
    });
    const rendered = await call('POST', '/fhir2summary/create', acme, {
      template_id: mine,
      fhir_resources: patient,
    });
    expect(rendered.body.summary).toBe('SMITH');

    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'stolen', template: 'x', target_resources: ['Patient'], mode: 'narrative' }],
      ['DELETE', undefined],
    ] as const) {
      const foreign = await call(method, `/fhir2summary/template/${theirs}`, acme, body);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({
        success: false,
        error: { code: 'SUMMARY.TEMPLATE_NOT_FOUND' },
      });
      expect(JSON.stringify(foreign.body)).not.toContain('globex-only');
    }
    const foreignUse = await call('POST', '/fhir2summary/create', acme, {
      template_id: theirs,
      fhir_resources: patient,
    });
    expect(foreignUse.status).toBe(404);
    expect((await call('GET', `/fhir2summary/template/${theirs}`, globex)).body.template.name).toBe(
      'globex-only',
    );

    expect((await call('DELETE', `/fhir2summary/template/${mine}`, acme)).status).toBe(200);
    expect((await call('GET', `/fhir2summary/template/${mine}`, acme)).status).toBe(404);
    expect((await call('GET', '/fhir2summary/template/not-a-uuid', acme)).status).toBe(404);
  });

  it.each([
    [
      'an unclosed placeholder',
      { example_summary: 'Hello <<Patient[0].name' },
      'SUMMARY.MALFORMED_TEMPLATE',
    ],
    [
      'an unknown filter',
      { example_summary: 'Hello {{Patient.name|shout}}' },
      'SUMMARY.UNKNOWN_FILTER',
    ],
    [
      'a FHIRPath syntax error',
      { example_summary: 'Hello {{Patient.name.where(use = }}' },
      'SUMMARY.FHIRPATH_SYNTAX',
    ],
    [
      'an unknown resource type in a placeholder',
      { example_summary: 'Hello {{Patinet.name}}' },
      'SUMMARY.UNKNOWN_RESOURCE_TYPE',
    ],
    [
      'an unknown target resource',
      { target_resources: ['Patient', 'Pateint'] },
      'SUMMARY.UNKNOWN_RESOURCE_TYPE',
    ],
    [
      'example data that is not FHIR',
      { example_fhir_data: { name: 'John' } },
      'SUMMARY.INVALID_FHIR',
    ],
    [
      'example data with a wrong type',
      { example_fhir_data: { resourceType: 'Patient', birthDate: 1970 } },
      'SUMMARY.INVALID_FHIR',
    ],
    ['a missing example_summary', { example_summary: undefined }, 'REQUEST.VALIDATION_FAILED'],
    [
      'target_resources that is not a list',
      { target_resources: 'Patient' },
      'REQUEST.VALIDATION_FAILED',
    ],
    [
      'example_fhir_data that is not an object',
      { example_fhir_data: 'Patient/1' },
      'REQUEST.VALIDATION_FAILED',
    ],
  ])('answers 400 for %s, naming the problem', async (_label, overrides, code) => {
    const refused = await createTemplate(acme, overrides);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      success: false,
      message: expect.any(String),
      error: { code },
    });
    expect(refused.body.message.length).toBeGreaterThan(10);
  });

  it('refuses an invalid template on PUT too, and requires a token', async () => {
    const mine = (await createTemplate(acme)).body.template_id as string;
    const refused = await call('PUT', `/fhir2summary/template/${mine}`, acme, {
      name: 'x',
      template: '<<Patient[0].name|nope>>',
      target_resources: ['Patient'],
      mode: 'narrative',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('SUMMARY.UNKNOWN_FILTER');
    expect((await fetch(`${api.baseUrl}/fhir2summary/templates`)).status).toBe(401);
  });
});
