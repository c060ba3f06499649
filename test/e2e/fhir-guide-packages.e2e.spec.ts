import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/fhir-http.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

const SETTINGS = { FHIR_IG_PACKAGE_MAX_BYTES: '256kb' };
const BASE = 'http://acme-ig.org/fhir';
const LONG_NAME = `StructureDefinition-${'acme-very-long-file-name-'.repeat(5)}extension.json`;

/** A Patient profile of the guide, as a differential. */
function patientProfile(id: string, elements: Record<string, unknown>[]) {
  return {
    resourceType: 'StructureDefinition',
    id,
    url: `${BASE}/StructureDefinition/${id}`,
    version: '0.3.0',
    fhirVersion: '4.0.1',
    kind: 'resource',
    abstract: false,
    type: 'Patient',
    baseDefinition: 'http://hl7.org/fhir/StructureDefinition/Patient',
    derivation: 'constraint',
    differential: { element: elements },
  };
}

/** The files of a small FHIR NPM package, written by the test (path below the archive root). */
function packageFiles(): Record<string, unknown> {
  return {
    'package/package.json': { name: 'acme.ig.core', version: '0.3.0', fhirVersions: ['4.0.1'] },
    'package/StructureDefinition-acme-ig-patient.json': patientProfile('acme-ig-patient', [
      { id: 'Patient.gender', path: 'Patient.gender', min: 1 },
      { id: 'Patient.active', path: 'Patient.active', min: 1, fixedBoolean: true },
    ]),
    'package/ValueSet-acme-colors.json': {
      resourceType: 'ValueSet',
      id: 'acme-colors',
      url: `${BASE}/ValueSet/acme-colors`,
      status: 'active',
      compose: { include: [{ system: `${BASE}/CodeSystem/colors`, concept: [{ code: 'red' }] }] },
    },
    // Long names need the pax or GNU extension of tar: read like any other.
    [`package/${LONG_NAME}`]: {
      resourceType: 'StructureDefinition',
      id: 'acme-ext',
      url: `${BASE}/StructureDefinition/acme-ext`,
      kind: 'complex-type',
      type: 'Extension',
      baseDefinition: 'http://hl7.org/fhir/StructureDefinition/Extension',
      derivation: 'constraint',
      differential: { element: [{ id: 'Extension', path: 'Extension' }] },
    },
    'package/ImplementationGuide-acme.json': { resourceType: 'ImplementationGuide', id: 'acme' },
    // Examples are not conformance resources: never read.
    'package/example/Patient-example.json': { resourceType: 'Patient', id: 'example' },
  };
}

/** A package.tgz made by the system's tar (as `npm pack` or the IG publisher would). */
function tgz(files: Record<string, unknown>, format?: 'ustar' | 'gnu' | 'pax'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'ig-package-'));
  try {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(
        join(dir, path),
        typeof content === 'string' ? content : JSON.stringify(content, null, 2),
      );
    }
    const top = [...new Set(Object.keys(files).map((path) => path.split('/')[0]))];
    execFileSync('tar', [
      ...(format ? [`--format=${format}`] : []),
      '-czf',
      join(dir, 'package.tgz'),
      '-C',
      dir,
      ...top,
    ]);
    return readFileSync(join(dir, 'package.tgz'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(PROFILES)('FHIR profiles: built-in and guide packages (%s profile)', (profile) => {
  let api: TestApp;
  let token: string;

  beforeAll(async () => {
    Object.assign(process.env, SETTINGS);
    api = await startTestApp(profile, { RATE_LIMIT_MAX: '100000' });
    token = await api.token(await api.createClient('acme'));
  });

  afterAll(async () => {
    for (const name of Object.keys(SETTINGS)) delete process.env[name];
    await api?.close();
  });

  const at = (path: string) => `${api.baseUrl}${path}`;
  const upload = (name: string, body: Buffer) =>
    fetch(at(`/fhir/implementation-guides/${name}/package`), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/gzip' },
      body,
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as any,
    }));

  it('lists the built-in US Core profiles read-only when asked, and refuses to change them', async () => {
    const plain = await call(at('/fhir/profiles'), { token });
    expect(plain.status).toBe(200);
    expect(plain.body.profiles.filter((p: any) => p.source === 'builtin')).toEqual([]);

    const all = await call(at('/fhir/profiles?include_builtin=true'), { token });
    const builtin = all.body.profiles.filter((p: any) => p.source === 'builtin');
    expect(builtin.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining(['us-core-patient', 'us-core-condition-problems-health-concerns']),
    );
    const patient = builtin.find((p: { id: string }) => p.id === 'us-core-patient');
    expect(patient).toMatchObject({
      resource_type: 'Patient',
      url: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient',
      implementation_guide: 'us_core',
      read_only: true,
    });

    const byUrl = await call(
      at(`/fhir/profiles?include_builtin=true&url=${encodeURIComponent(patient.url)}`),
      { token },
    );
    expect(byUrl.body.profiles.map((p: { id: string }) => p.id)).toEqual(['us-core-patient']);

    const one = await call(at('/fhir/profiles/us-core-patient'), { token });
    expect(one.status).toBe(200);
    expect(one.body.source).toBe('builtin');
    expect(one.body.structure_definition.type).toBe('Patient');
    expect(
      one.body.structure_definition.differential.element.map((e: { path: string }) => e.path),
    ).toContain('Patient.name');

    const put = await call(at('/fhir/profiles/us-core-patient'), {
      method: 'PUT',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: { structure_definition: one.body.structure_definition },
    });
    expect(put.status).toBe(403);
    expect(put.body.error.code).toBe('FHIR_PROFILES.BUILTIN');
    expect(put.body.message).toContain('read-only');
    const removed = await call(at('/fhir/profiles/us-core-patient'), { method: 'DELETE', token });
    expect(removed.status).toBe(403);
    const badFlag = await call(at('/fhir/profiles?include_builtin=yes'), { token });
    expect(badFlag.status).toBe(400);
  });

  it.each(['ustar', 'gnu', 'pax'] as const)(
    'imports a package.tgz (%s tar): its resource profile and ValueSet, the rest named as skipped',
    async (format) => {
      const files = packageFiles();
      const guide = `acme-${format}`;
      const sd = files['package/StructureDefinition-acme-ig-patient.json'] as any;
      sd.id = `acme-ig-patient-${format}`;
      sd.url = `${sd.url}-${format}`;
      if (format === 'ustar') delete files[`package/${LONG_NAME}`];
      const imported = await upload(guide, tgz(files, format));
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      expect(imported.body).toMatchObject({
        name: guide,
        package: { name: 'acme.ig.core', version: '0.3.0' },
        profiles: [{ id: sd.id, url: sd.url, created: true }],
        value_sets: [`${BASE}/ValueSet/acme-colors`],
      });
      const skippedFiles = imported.body.skipped.map((s: { file: string }) => s.file).sort();
      expect(skippedFiles).toEqual(
        ['ImplementationGuide-acme.json', ...(format === 'ustar' ? [] : [LONG_NAME])].sort(),
      );

      const stored = await call(at(`/fhir/profiles/${sd.id}`), { token });
      expect(stored.status).toBe(200);
      expect(stored.body.implementation_guide).toBe(guide);
      expect(stored.body.structure_definition.differential).toEqual(sd.differential);
      const listed = await call(at(`/fhir/implementation-guides/${guide}`), { token });
      expect(listed.body.profiles).toEqual([sd.id]);

      // Importing the same package again replaces its profiles in place.
      const again = await upload(guide, tgz(files, format));
      expect(again.status).toBe(201);
      expect(again.body.profiles).toEqual([{ id: sd.id, url: sd.url, created: false }]);
    },
  );

  it('the imported profile is a value of lang2fhir `resource`', async () => {
    const response = await call(at('/lang2fhir/create'), {
      method: 'POST',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: {
        resource: 'acme-ig-patient-gnu',
        text: 'Mary Jones, a 44 year old female, MRN 55123, seen today.',
      },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.meta.profile).toEqual([`${BASE}/StructureDefinition/acme-ig-patient-gnu`]);
    expect(response.body.active).toBe(true);
    expect(response.body.gender).toBe('female');
  });

  it('lang2fhir takes codes from the value sets an imported profile binds; a 422 names unmet bindings', async () => {
    const valueSet = (id: string, system: string, codes: [string, string][]) => ({
      resourceType: 'ValueSet',
      id,
      url: `${BASE}/ValueSet/${id}`,
      status: 'active',
      compose: {
        include: [{ system, concept: codes.map(([code, display]) => ({ code, display })) }],
      },
    });
    const bound = (id: string, genderValueSet: string) =>
      patientProfile(id, [
        {
          id: 'Patient.gender',
          path: 'Patient.gender',
          min: 1,
          binding: { strength: 'required', valueSet: `${BASE}/ValueSet/${genderValueSet}` },
        },
        {
          id: 'Patient.maritalStatus',
          path: 'Patient.maritalStatus',
          min: 1,
          binding: { strength: 'required', valueSet: `${BASE}/ValueSet/acme-marital|1.0` },
        },
      ]);
    const GENDER = 'http://hl7.org/fhir/administrative-gender';
    const imported = await call(at('/fhir/implementation-guides/acme-bound/package'), {
      method: 'POST',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: {
        resources: [
          bound('acme-bound-patient', 'acme-genders'),
          bound('acme-narrow-patient', 'acme-other-only'),
          valueSet('acme-genders', GENDER, [
            ['female', 'Female'],
            ['male', 'Male'],
          ]),
          valueSet('acme-other-only', GENDER, [['other', 'Other']]),
          valueSet('acme-marital', 'http://terminology.hl7.org/CodeSystem/v3-NullFlavor', [
            ['UNK', 'unknown'],
          ]),
        ],
      },
    });
    expect(imported.status, imported.text).toBe(201);
    const text = 'Peter Brown, a 61 year old male, MRN 99812, seen today.';
    const built = await call(at('/lang2fhir/create'), {
      method: 'POST',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: { resource: 'acme-bound-patient', text },
    });
    expect(built.status, built.text).toBe(200);
    expect(built.body.gender).toBe('male');
    // The one code of the bound value set fills the required element the text does not give.
    expect(built.body.maritalStatus).toEqual({
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/v3-NullFlavor',
          code: 'UNK',
          display: 'unknown',
        },
      ],
    });
    const narrow = await call(at('/lang2fhir/create'), {
      method: 'POST',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: { resource: 'acme-narrow-patient', text },
    });
    expect(narrow.status, narrow.text).toBe(422);
    expect(narrow.body.error.details.unbound).toEqual([
      `Patient.gender (value set ${BASE}/ValueSet/acme-other-only)`,
    ]);
    expect(narrow.body.message).toContain('Patient.gender');
  });

  it('answers broken or unsuitable archives with a 4xx naming the problem', async () => {
    const good = tgz(packageFiles());
    const cases: [string, Buffer, number, string][] = [
      ['not gzip', Buffer.from('this is not a tarball'), 400, 'FHIR_PROFILES.BROKEN_PACKAGE'],
      [
        'gzip, not tar',
        gzipSync(Buffer.from('x'.repeat(2000))),
        400,
        'FHIR_PROFILES.BROKEN_PACKAGE',
      ],
      [
        'truncated',
        good.subarray(0, Math.floor(good.length / 2)),
        400,
        'FHIR_PROFILES.BROKEN_PACKAGE',
      ],
      [
        'no package.json',
        tgz({ 'package/ValueSet-x.json': { resourceType: 'ValueSet', url: 'urn:x' } }),
        400,
        'FHIR_PROFILES.INVALID_PACKAGE',
      ],
      [
        'nothing usable',
        tgz({ 'package/package.json': { name: 'empty.pkg', version: '1.0.0' } }),
        400,
        'FHIR_PROFILES.EMPTY_PACKAGE',
      ],
      [
        'a file over the cap',
        tgz({
          'package/package.json': { name: 'big.pkg', version: '1.0.0' },
          'package/Binary-big.json': { resourceType: 'Binary', data: 'A'.repeat(400 * 1024) },
        }),
        413,
        'FHIR_PROFILES.PACKAGE_TOO_LARGE',
      ],
    ];
    for (const [label, body, status, code] of cases) {
      const answer = await upload(`broken-${status}`, body);
      expect({ label, status: answer.status, code: answer.body.error?.code }).toEqual({
        label,
        status,
        code,
      });
      expect(answer.body.message.length).toBeGreaterThan(20);
    }
    const invalidSd = packageFiles();
    delete (invalidSd['package/StructureDefinition-acme-ig-patient.json'] as any).baseDefinition;
    const invalid = await upload('broken-sd', tgz(invalidSd));
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('StructureDefinition-acme-ig-patient.json');
    expect(invalid.body.message).toContain('baseDefinition');
    const reserved = await upload('us_core', good);
    expect(reserved.status).toBe(403);
  });

  it('takes the JSON resources of a package too, and never another guide’s profile', async () => {
    const files = packageFiles();
    const sd = { ...(files['package/StructureDefinition-acme-ig-patient.json'] as any) };
    sd.id = 'acme-ig-patient-json';
    sd.url = `${sd.url}-json`;
    const json = await call(at('/fhir/implementation-guides/acme-json/package'), {
      method: 'POST',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: { resources: [sd, files['package/ValueSet-acme-colors.json']] },
    });
    expect(json.status, json.text).toBe(201);
    expect(json.body.profiles).toEqual([{ id: sd.id, url: sd.url, created: true }]);
    const taken = await call(at('/fhir/implementation-guides/other-guide/package'), {
      method: 'POST',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: { resources: [sd] },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('acme-json');
    const empty = await call(at('/fhir/implementation-guides/acme-json/package'), {
      method: 'POST',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: {},
    });
    expect(empty.status).toBe(400);
  });

  it("keeps an account's profiles and guides from every other account", async () => {
    const globex = await api.token(await api.createClient('globex'));
    const id = 'acme-ig-patient-json';
    expect((await call(at(`/fhir/profiles/${id}`), { token })).status).toBe(200);
    expect((await call(at(`/fhir/profiles/${id}`), { token: globex })).status).toBe(404);
    expect((await call(at('/fhir/profiles'), { token: globex })).body.profiles).toEqual([]);
    expect(
      (await call(at('/fhir/implementation-guides/acme-json'), { token: globex })).status,
    ).toBe(404);
    expect(
      (await call(at('/fhir/implementation-guides'), { token: globex })).body.implementation_guides,
    ).toEqual([]);
    const removed = await call(at(`/fhir/profiles/${id}`), { method: 'DELETE', token: globex });
    expect(removed.status).toBe(404);
    expect((await call(at(`/fhir/profiles/${id}`), { token })).status).toBe(200);
    // The same id and url are free in another account.
    const mine = await call(at(`/fhir/profiles/${id}`), { token });
    const own = await call(at('/fhir/profiles'), {
      method: 'POST',
      token: globex,
      headers: { 'Content-Type': 'application/json' },
      body: { structure_definition: mine.body.structure_definition },
    });
    expect(own.status, own.text).toBe(201);
  });
});
