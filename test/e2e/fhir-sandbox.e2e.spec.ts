import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, fhirAt, matchIds } from '../support/fhir-http.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

const patient = (family: string, extra: Record<string, unknown> = {}) => ({
  resourceType: 'Patient',
  name: [{ family, given: ['Ada'] }],
  ...extra,
});

describe.each(PROFILES)('sandbox FHIR server (%s profile)', (profile) => {
  let api: TestApp;
  let fhir: ReturnType<typeof fhirAt>;
  let otherFhir: ReturnType<typeof fhirAt>;
  let base: string;

  beforeAll(async () => {
    api = await startTestApp(profile, { RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'error' });
    base = `${api.baseUrl}/fhir/sandbox`;
    fhir = fhirAt(base, await api.token(await api.createClient('acme')));
    otherFhir = fhirAt(base, await api.token(await api.createClient('globex')));
  });

  afterAll(async () => {
    await api?.close();
  });

  it('needs the service bearer token', async () => {
    const response = await call(`${base}/Patient`);
    expect(response.status).toBe(401);
  });

  it('answers its CapabilityStatement at /metadata', async () => {
    const response = await fhir.get('metadata');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    expect(response.body.resourceType).toBe('CapabilityStatement');
    expect(response.body.fhirVersion).toBe('4.0.1');
    const patientType = response.body.rest[0].resource.find(
      (resource: { type: string }) => resource.type === 'Patient',
    );
    expect(patientType.searchParam.map((param: { name: string }) => param.name)).toContain(
      'birthdate',
    );
  });

  describe('create, read, update, history, delete', () => {
    it('keeps every version and answers 410 after a delete', async () => {
      const created = await fhir.post('Patient', patient('Lovelace', { id: 'ignored-on-create' }));
      expect(created.status).toBe(201);
      const id: string = created.body.id;
      expect(id).not.toBe('ignored-on-create');
      const firstVersion: string = created.body.meta.versionId;
      expect(created.headers.get('location')).toBe(
        `${base}/Patient/${id}/_history/${firstVersion}`,
      );
      expect(created.headers.get('etag')).toBe(`W/"${firstVersion}"`);

      const read = await fhir.get(`Patient/${id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created.body);
      expect(Object.keys(read.body).slice(0, 3)).toEqual(['resourceType', 'id', 'meta']);

      const updated = await fhir.put(`Patient/${id}`, { ...read.body, gender: 'female' });
      expect(updated.status).toBe(200);
      expect(updated.body.meta.versionId).not.toBe(firstVersion);
      expect(
        (await fhir.get(`Patient/${id}/_history/${firstVersion}`)).body.gender,
      ).toBeUndefined();
      const history = await fhir.get(`Patient/${id}/_history`);
      expect(history.body.type).toBe('history');
      expect(
        history.body.entry.map((entry: { resource: { gender?: string } }) => entry.resource.gender),
      ).toEqual(['female', undefined]);

      expect((await fhir.delete(`Patient/${id}`)).status).toBe(200);
      const gone = await fhir.get(`Patient/${id}`);
      expect(gone.status).toBe(410);
      expect(gone.body.resourceType).toBe('OperationOutcome');
      expect((await fhir.get(`Patient?_id=${id}`)).body.total).toBe(0);
    });

    it('creates with a client-chosen id through PUT, and honours If-Match', async () => {
      const put = await fhir.put('Patient/chosen-id-1', patient('Chosen', { id: 'chosen-id-1' }));
      expect(put.status).toBe(200);
      expect(put.body.id).toBe('chosen-id-1');
      const stale = await fhir.put('Patient/chosen-id-1', put.body, {
        'If-Match': 'W/"00000000-0000-4000-8000-000000000000"',
      });
      expect(stale.status).toBe(412);
      const fresh = await fhir.put('Patient/chosen-id-1', put.body, {
        'If-Match': `W/"${put.body.meta.versionId}"`,
      });
      expect(fresh.status).toBe(200);
    });

    it('creates conditionally (If-None-Exist), updates and deletes by search', async () => {
      const body = patient('Conditional', {
        identifier: [{ system: 'urn:cond', value: 'C-1' }],
        meta: { tag: [{ system: 'urn:tags', code: 'cond' }] },
      });
      const first = await fhir.post('Patient', body, {
        'If-None-Exist': 'identifier=urn:cond|C-1',
      });
      expect(first.status).toBe(201);
      const again = await fhir.post('Patient', body, {
        'If-None-Exist': 'identifier=urn:cond|C-1',
      });
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(first.body.id);
      expect(matchIds((await fhir.get('Patient?_tag=urn:tags|cond')).body)).toEqual([
        first.body.id,
      ]);

      const updated = await fhir.put('Patient?identifier=urn:cond|C-1', {
        ...body,
        gender: 'male',
      });
      expect(updated.status).toBe(200);
      expect(updated.body.id).toBe(first.body.id);
      expect(updated.body.gender).toBe('male');
      expect((await fhir.delete('Patient?identifier=urn:cond|C-1')).status).toBe(200);
      expect((await fhir.get(`Patient/${first.body.id}`)).status).toBe(410);
    });

    it('answers 404 for an unknown id and for an unknown resource type', async () => {
      expect((await fhir.get('Patient/does-not-exist')).status).toBe(404);
      const unknownType = await fhir.get('Spaceship/1');
      expect(unknownType.status).toBe(404);
      expect(unknownType.body.issue[0].details.text).toContain('Spaceship');
    });
  });

  describe('patch', () => {
    const patchWith = (id: string, body: unknown, contentType: string) =>
      call(`${base}/Patient/${id}`, {
        method: 'PATCH',
        token: fhir.token,
        headers: { 'Content-Type': contentType },
        body,
      });
    const operation = (parts: Record<string, unknown>[]) => ({ name: 'operation', part: parts });

    it('applies a FHIRPath Patch (Parameters) and a JSON Patch, each as a new version', async () => {
      const created = await fhir.post('Patient', patient('Patchy', { gender: 'male' }));
      const id = created.body.id as string;
      const fhirPath = await patchWith(
        id,
        {
          resourceType: 'Parameters',
          parameter: [
            operation([
              { name: 'type', valueCode: 'replace' },
              { name: 'path', valueString: 'Patient.gender' },
              { name: 'value', valueCode: 'female' },
            ]),
            operation([
              { name: 'type', valueCode: 'add' },
              { name: 'path', valueString: 'Patient' },
              { name: 'name', valueString: 'birthDate' },
              { name: 'value', valueDate: '1981-05-06' },
            ]),
            operation([
              { name: 'type', valueCode: 'insert' },
              { name: 'path', valueString: 'Patient.name[0].given' },
              { name: 'index', valueInteger: 1 },
              { name: 'value', valueString: 'May' },
            ]),
          ],
        },
        'application/fhir+json',
      );
      expect(fhirPath.status, fhirPath.text).toBe(200);
      expect(fhirPath.body).toMatchObject({
        gender: 'female',
        birthDate: '1981-05-06',
        name: [{ family: 'Patchy', given: ['Ada', 'May'] }],
        meta: { versionId: expect.any(String) },
      });
      expect(fhirPath.body.meta.versionId).not.toBe(created.body.meta.versionId);
      const json = await patchWith(
        id,
        [{ op: 'remove', path: '/birthDate' }],
        'application/json-patch+json',
      );
      expect(json.status, json.text).toBe(200);
      expect(json.body.birthDate).toBeUndefined();
      const read = await fhir.get(`Patient/${id}`);
      expect(read.body.gender).toBe('female');
      expect(read.body.birthDate).toBeUndefined();
    });

    it('refuses a FHIRPath Patch that cannot apply with a 400 OperationOutcome naming it', async () => {
      const created = await fhir.post('Patient', patient('Unpatched'));
      const bad = await patchWith(
        created.body.id,
        {
          resourceType: 'Parameters',
          parameter: [
            operation([
              { name: 'type', valueCode: 'replace' },
              { name: 'path', valueString: 'Patient.deceasedBoolean' },
              { name: 'value', valueBoolean: true },
            ]),
          ],
        },
        'application/fhir+json',
      );
      expect(bad.status).toBe(400);
      expect(bad.body.resourceType).toBe('OperationOutcome');
      expect(JSON.stringify(bad.body)).toContain('Patient.deceasedBoolean');
      const missing = await patchWith(
        'no-such-patient',
        { resourceType: 'Parameters', parameter: [] },
        'application/fhir+json',
      );
      expect(missing.status).toBe(404);
    });
  });

  describe('malformed FHIR is a 400 OperationOutcome naming the problem', () => {
    it.each([
      ['a wrong type', patient('X', { gender: 5 }), 'Patient.gender'],
      ['an unknown element', patient('X', { favouriteColour: 'blue' }), 'Patient.favouriteColour'],
      ['a bad birthDate', patient('X', { birthDate: '31/12/1990' }), 'Patient.birthDate'],
    ])('%s', async (_label, body, path) => {
      const response = await fhir.post('Patient', body);
      expect(response.status).toBe(400);
      expect(response.body.resourceType).toBe('OperationOutcome');
      expect(JSON.stringify(response.body.issue)).toContain(path);
    });

    it('an unknown resource type, a mismatched type, a body that is not a resource', async () => {
      const unknown = await fhir.post('Patient', { resourceType: 'Spaceship' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.issue[0].details.text).toContain('Spaceship');
      const mismatched = await fhir.post('Observation', patient('X'));
      expect(mismatched.status).toBe(400);
      expect(mismatched.body.issue[0].details.text).toMatch(/expected Observation/);
      const notAnObject = await fhir.post('Patient', [1, 2]);
      expect(notAnObject.status).toBe(400);
      const wrongId = await fhir.put('Patient/a', patient('X', { id: 'b' }));
      expect(wrongId.status).toBe(400);
    });

    it('JSON that does not parse', async () => {
      const response = await call(`${base}/Patient`, {
        method: 'POST',
        token: await api.token(await api.createClient('acme')),
        body: '{"resourceType": "Patient",',
      });
      expect(response.status).toBe(400);
    });
  });

  describe('search', () => {
    let ids: Record<string, string>;

    beforeAll(async () => {
      const make = async (key: string, body: Record<string, unknown>) => {
        const response = await fhir.post(body.resourceType as string, body);
        expect(response.status).toBe(201);
        return [key, response.body.id as string] as const;
      };
      const patients = await Promise.all([
        make(
          'zoe',
          patient('Zoë-Search', {
            address: [{ city: 'Searchville' }],
            gender: 'female',
            birthDate: '1990-05-17',
            identifier: [{ system: 'urn:mrn', value: 'S-1' }],
          }),
        ),
        make(
          'bob',
          patient('Bobson-Search', {
            address: [{ city: 'Searchville' }],
            gender: 'male',
            birthDate: '1975',
            identifier: [{ system: 'urn:mrn', value: 'S-2' }],
          }),
        ),
        make(
          'eve',
          patient('Everly-Search', {
            address: [{ city: 'Searchville' }],
            gender: 'female',
            birthDate: '2001-11-30',
            active: true,
          }),
        ),
      ]);
      ids = Object.fromEntries(patients);
      const observations = await Promise.all([
        make('glucose', {
          resourceType: 'Observation',
          status: 'final',
          code: { coding: [{ system: 'http://loinc.org', code: '2339-0', display: 'Glucose' }] },
          subject: { reference: `Patient/${ids.zoe}` },
          effectiveDateTime: '2024-03-01T10:30:00Z',
          valueQuantity: {
            value: 95,
            unit: 'mg/dL',
            system: 'http://unitsofmeasure.org',
            code: 'mg/dL',
          },
        }),
        make('hba1c', {
          resourceType: 'Observation',
          status: 'final',
          code: {
            coding: [{ system: 'http://loinc.org', code: '4548-4', display: 'Hemoglobin A1c' }],
          },
          subject: { reference: `Patient/${ids.bob}` },
          effectiveDateTime: '2023-01-15',
          valueQuantity: { value: 7.1, unit: '%', system: 'http://unitsofmeasure.org', code: '%' },
        }),
      ]);
      ids = { ...ids, ...Object.fromEntries(observations) };
    });

    const search = async (query: string) => {
      const response = await fhir.get(query);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.type).toBe('searchset');
      return response.body as Record<string, any>;
    };

    it('by string: prefix, case and accent insensitive; :exact; :contains', async () => {
      expect(matchIds(await search('Patient?family=zoe-sea'))).toEqual([ids.zoe]);
      expect(matchIds(await search('Patient?name=BOBSON'))).toEqual([ids.bob]);
      expect(matchIds(await search('Patient?family:exact=Zoë-Search'))).toEqual([ids.zoe]);
      expect(matchIds(await search('Patient?family:exact=zoë-search'))).toEqual([]);
      expect(matchIds(await search('Patient?family:contains=erly-sea'))).toEqual([ids.eve]);
    });

    it('by token: code, system|code, :not, boolean, :text', async () => {
      expect(matchIds(await search('Patient?identifier=urn:mrn|S-2'))).toEqual([ids.bob]);
      expect(matchIds(await search('Patient?identifier=S-1'))).toEqual([ids.zoe]);
      expect(matchIds(await search('Patient?identifier=urn:other|S-1'))).toEqual([]);
      expect(
        new Set(matchIds(await search('Patient?address-city=searchville&gender:not=male'))),
      ).toEqual(new Set([ids.zoe, ids.eve]));
      expect(matchIds(await search('Patient?address-city=searchville&active=true'))).toEqual([
        ids.eve,
      ]);
      expect(matchIds(await search('Observation?code:text=a1c'))).toEqual([ids.hba1c]);
      expect(matchIds(await search('Observation?code=http://loinc.org|2339-0'))).toEqual([
        ids.glucose,
      ]);
    });

    it('by date with prefixes and by partial dates', async () => {
      expect(matchIds(await search('Patient?address-city=searchville&birthdate=1990-05'))).toEqual([
        ids.zoe,
      ]);
      expect(matchIds(await search('Patient?address-city=searchville&birthdate=ge2000'))).toEqual([
        ids.eve,
      ]);
      expect(
        new Set(matchIds(await search('Patient?address-city=searchville&birthdate=lt1995-01-01'))),
      ).toEqual(new Set([ids.zoe, ids.bob]));
      expect(
        matchIds(
          await search('Patient?address-city=searchville&birthdate=gt1975&birthdate=lt2000'),
        ),
      ).toEqual([ids.zoe]);
      expect(matchIds(await search('Observation?date=2024-03-01'))).toEqual([ids.glucose]);
    });

    it('by reference, with or without the type, and with the type modifier', async () => {
      expect(matchIds(await search(`Observation?subject=Patient/${ids.zoe}`))).toEqual([
        ids.glucose,
      ]);
      expect(matchIds(await search(`Observation?subject=${ids.bob}`))).toEqual([ids.hba1c]);
      expect(matchIds(await search(`Observation?subject:Patient=${ids.bob}`))).toEqual([ids.hba1c]);
      expect(matchIds(await search(`Observation?patient=${ids.zoe}`))).toEqual([ids.glucose]);
    });

    it('by quantity, _id, _lastUpdated and :missing; comma means OR', async () => {
      expect(matchIds(await search('Observation?value-quantity=gt50'))).toEqual([ids.glucose]);
      expect(
        matchIds(await search('Observation?value-quantity=7.1|http://unitsofmeasure.org|%')),
      ).toEqual([ids.hba1c]);
      expect(new Set(matchIds(await search(`Patient?_id=${ids.zoe},${ids.eve}`)))).toEqual(
        new Set([ids.zoe, ids.eve]),
      );
      expect(
        (await search('Patient?_lastUpdated=gt2000-01-01&address-city=searchville')).total,
      ).toBe(3);
      expect((await search('Patient?_lastUpdated=lt2000-01-01')).total).toBe(0);
      expect(
        matchIds(await search('Patient?address-city=searchville&identifier:missing=true')),
      ).toEqual([ids.eve]);
      expect(
        new Set(matchIds(await search('Patient?gender=male,other&address-city=searchville'))),
      ).toEqual(new Set([ids.bob]));
    });

    it('sorts, pages with next links, counts', async () => {
      const sorted = await search('Patient?address-city=searchville&_sort=-birthdate');
      expect(matchIds(sorted)).toEqual([ids.eve, ids.zoe, ids.bob]);
      expect(matchIds(await search('Patient?address-city=searchville&_sort=family'))).toEqual([
        ids.bob,
        ids.eve,
        ids.zoe,
      ]);

      const first = await search('Patient?address-city=searchville&_sort=birthdate&_count=2');
      expect(first.total).toBe(3);
      expect(matchIds(first)).toEqual([ids.bob, ids.zoe]);
      const next: string = first.link.find(
        (link: { relation: string }) => link.relation === 'next',
      ).url;
      expect(next.startsWith(`${base}/Patient?`)).toBe(true);
      const second = (await call(next, { token: await api.token(await api.createClient('acme')) }))
        .body;
      expect(matchIds(second)).toEqual([ids.eve]);
      expect(second.link.some((link: { relation: string }) => link.relation === 'next')).toBe(
        false,
      );
      expect(second.link.some((link: { relation: string }) => link.relation === 'previous')).toBe(
        true,
      );

      const counted = await search('Patient?address-city=searchville&_summary=count');
      expect(counted.total).toBe(3);
      expect(counted.entry ?? []).toEqual([]);
      expect(second.entry[0].fullUrl).toBe(`${base}/Patient/${ids.eve}`);
    });

    it('includes referenced and referencing resources, and subsets with _elements', async () => {
      const included = await search(`Observation?_id=${ids.glucose}&_include=Observation:subject`);
      expect(
        included.entry.map((entry: { search: { mode: string }; resource: { id: string } }) => [
          entry.search.mode,
          entry.resource.id,
        ]),
      ).toEqual([
        ['match', ids.glucose],
        ['include', ids.zoe],
      ]);
      const reverse = await search(`Patient?_id=${ids.bob}&_revinclude=Observation:subject`);
      expect(reverse.entry.map((entry: { resource: { id: string } }) => entry.resource.id)).toEqual(
        [ids.bob, ids.hba1c],
      );
      const subset = await search(`Patient?_id=${ids.bob}&_elements=gender`);
      expect(subset.entry[0].resource.gender).toBe('male');
      expect(subset.entry[0].resource.name).toBeUndefined();
      expect(subset.entry[0].resource.meta.tag[0].code).toBe('SUBSETTED');
    });

    it('searches by POST with a form body', async () => {
      const response = await call(`${base}/Patient/_search`, {
        method: 'POST',
        token: await api.token(await api.createClient('acme')),
        body: 'family=bobson',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(200);
      expect(matchIds(response.body)).toEqual([ids.bob]);
    });

    it.each([
      ['Patient?shoe-size=42', 'shoe-size'],
      ['Patient?name:fuzzy=x', ':fuzzy'],
      ['Observation?subject.name=x', 'Chained'],
      ['Patient?_has:Observation:subject:code=1', '_has'],
      ['Patient?birthdate=yesterday', 'yesterday'],
      ['Observation?value-quantity=lots', 'lots'],
      ['Patient?_sort=shoe-size', 'shoe-size'],
      ['Patient?_include=Observation:subject', '_include'],
      ['Patient?_count=-1', '_count'],
    ])('refuses %s with a 400 naming the problem', async (query, named) => {
      const response = await fhir.get(query);
      expect(response.status).toBe(400);
      expect(response.body.resourceType).toBe('OperationOutcome');
      expect(JSON.stringify(response.body.issue)).toContain(named);
    });
  });

  describe('transaction Bundles', () => {
    const patientUrn = 'urn:uuid:7f0a8a4e-5a83-4f4b-9c0e-6f1f5a0f2b11';

    it('create linked resources atomically and resolve urn:uuid references', async () => {
      const response = await fhir.post('', {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          {
            fullUrl: 'urn:uuid:0b9e2f6a-3c1d-4e8f-9a7b-1c2d3e4f5a6b',
            resource: {
              resourceType: 'Condition',
              subject: { reference: patientUrn },
              code: { text: 'Type 2 diabetes' },
            },
            request: { method: 'POST', url: 'Condition' },
          },
          {
            fullUrl: patientUrn,
            resource: patient('Transact'),
            request: { method: 'POST', url: 'Patient' },
          },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.body.type).toBe('transaction-response');
      const [condition, created] = response.body.entry;
      expect(condition.response.status).toBe('201');
      expect(created.response.status).toBe('201');
      expect(condition.resource.subject.reference).toBe(`Patient/${created.resource.id}`);
      const stored = await fhir.get(`Condition/${condition.resource.id}`);
      expect(stored.body.subject.reference).toBe(`Patient/${created.resource.id}`);
    });

    it('roll back entirely when one entry is invalid', async () => {
      const response = await fhir.post('', {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          { resource: patient('Rollback-Ok'), request: { method: 'POST', url: 'Patient' } },
          {
            resource: patient('Rollback-Bad', { gender: 42 }),
            request: { method: 'POST', url: 'Patient' },
          },
        ],
      });
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain('Patient.gender');
      expect((await fhir.get('Patient?family=rollback')).body.total).toBe(0);
    });

    it('refuses a body that is not a Bundle', async () => {
      const response = await fhir.post('', patient('NotABundle'));
      expect(response.status).toBe(400);
    });
  });

  describe('accounts', () => {
    it("never see each other's resources", async () => {
      const mine = await fhir.post('Patient', patient('Private-Tenant'));
      expect(mine.status).toBe(201);
      expect((await otherFhir.get(`Patient/${mine.body.id}`)).status).toBe(404);
      expect((await otherFhir.get('Patient?family=private-tenant')).body.total).toBe(0);
      expect(
        (await otherFhir.put(`Patient/${mine.body.id}`, { ...mine.body, gender: 'other' })).status,
      ).toBe(200);
      expect((await fhir.get(`Patient/${mine.body.id}`)).body.gender).toBeUndefined();
      expect((await otherFhir.delete(`Patient/${mine.body.id}`)).status).toBe(200);
      expect((await fhir.get(`Patient/${mine.body.id}`)).status).toBe(200);
    });
  });
});
