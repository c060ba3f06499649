import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/fhir-http.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

const TEXT = 'John Smith, a 58 year old male, MRN 7781234, was seen in clinic today.';
const URL_BASE = 'http://acme.org/fhir/StructureDefinition';

/** A Patient profile given as a differential only: gender required, active fixed to true. */
function patientProfile(id: string, extra: Record<string, unknown>[] = []) {
  return {
    resourceType: 'StructureDefinition',
    id,
    url: `${URL_BASE}/${id}`,
    fhirVersion: '4.0.1',
    kind: 'resource',
    abstract: false,
    type: 'Patient',
    baseDefinition: 'http://hl7.org/fhir/StructureDefinition/Patient',
    derivation: 'constraint',
    differential: {
      element: [
        { id: 'Patient.gender', path: 'Patient.gender', min: 1 },
        { id: 'Patient.active', path: 'Patient.active', min: 1, fixedBoolean: true },
        {
          id: 'Patient.maritalStatus',
          path: 'Patient.maritalStatus',
          patternCodeableConcept: { text: 'unknown' },
        },
        ...extra,
      ],
    },
  };
}

describe.each(PROFILES)('lang2fhir against uploaded profiles (%s profile)', (profile) => {
  let api: TestApp;
  let token: string;

  beforeAll(async () => {
    api = await startTestApp(profile, { RATE_LIMIT_MAX: '100000' });
    token = await api.token(await api.createClient('acme'));
    for (const [sd, guide] of [
      [patientProfile('acme-patient'), 'acme'],
      [
        patientProfile('acme-patient-photo', [
          { id: 'Patient.photo', path: 'Patient.photo', min: 1 },
          { id: 'Patient.deceased[x]', path: 'Patient.deceased[x]', min: 1 },
        ]),
        'acme',
      ],
    ] as const) {
      const uploaded = await call(`${api.baseUrl}/fhir/profiles`, {
        method: 'POST',
        token,
        headers: { 'Content-Type': 'application/json' },
        body: { structure_definition: sd, implementation_guide: guide },
      });
      expect(uploaded.status, uploaded.text).toBe(201);
    }
  });

  afterAll(async () => {
    await api?.close();
  });

  const send = (path: string, body: unknown) =>
    call(`${api.baseUrl}${path}`, {
      method: 'POST',
      token,
      headers: { 'Content-Type': 'application/json' },
      body,
    });

  it('builds a resource that declares the profile, with its fixed and pattern values', async () => {
    const response = await send('/lang2fhir/create', { resource: 'acme-patient', text: TEXT });
    expect(response.status, response.text).toBe(200);
    expect(response.body.resourceType).toBe('Patient');
    expect(response.body.meta.profile).toEqual([`${URL_BASE}/acme-patient`]);
    expect(response.body.gender).toBe('male');
    expect(response.body.active).toBe(true);
    expect(response.body.maritalStatus).toEqual({ text: 'unknown' });
  });

  it('stores it through the tools endpoint; the stored copy keeps the profile', async () => {
    const response = await send('/tools/lang2fhir-and-create', {
      resource: 'ACME-Patient',
      text: TEXT,
    });
    expect(response.status, response.text).toBe(200);
    const stored = response.body.fhir_resource;
    expect(stored.meta.profile).toEqual([`${URL_BASE}/acme-patient`]);
    const read = await call(`${api.baseUrl}/fhir/sandbox/Patient/${stored.id}`, { token });
    expect(read.body.active).toBe(true);
  });

  it('a profile the text cannot satisfy is a 422 naming the elements; unknown ids a 400', async () => {
    const unfillable = await send('/lang2fhir/create', {
      resource: 'acme-patient-photo',
      text: TEXT,
    });
    expect(unfillable.status, unfillable.text).toBe(422);
    expect(unfillable.body.error.details.unfilled).toEqual([
      'Patient.deceased[x]',
      'Patient.photo',
    ]);
    expect(unfillable.body.message).toContain('Patient.photo');
    const unknown = await send('/lang2fhir/create', { resource: 'no-such-profile', text: TEXT });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('LANG2FHIR.UNKNOWN_RESOURCE');
  });
});
