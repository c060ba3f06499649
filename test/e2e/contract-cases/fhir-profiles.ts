import type { ContractCase } from '../../support/contract/contract-case.js';

const URL_BASE = 'http://example.org/fhir/StructureDefinition';

function structureDefinition(id: string, extra: Record<string, unknown> = {}) {
  return {
    resourceType: 'StructureDefinition',
    id,
    url: `${URL_BASE}/${id}`,
    name: 'ContractPatient',
    status: 'active',
    fhirVersion: '4.0.1',
    kind: 'resource',
    abstract: false,
    type: 'Patient',
    baseDefinition: 'http://hl7.org/fhir/StructureDefinition/Patient',
    derivation: 'constraint',
    differential: {
      element: [
        { id: 'Patient', path: 'Patient' },
        { id: 'Patient.name', path: 'Patient.name', min: 1 },
        { id: 'Patient.birthDate', path: 'Patient.birthDate', min: 1 },
      ],
    },
    ...extra,
  };
}

export const cases: ContractCase[] = [
  {
    operation: 'POST /fhir/profiles',
    title: 'uploads a StructureDefinition into a guide; one without type or elements is 400',
    run: async (context) => [
      await context.call('POST', '/fhir/profiles', {
        body: {
          structure_definition: structureDefinition('contract-patient'),
          implementation_guide: 'contract-ig',
        },
      }),
      await context.call('POST', '/fhir/profiles', {
        body: {
          structure_definition: { resourceType: 'StructureDefinition', url: `${URL_BASE}/bad` },
        },
      }),
      await context.call('POST', '/fhir/profiles', {
        body: {
          structure_definition: structureDefinition('contract-reserved'),
          implementation_guide: 'us_core',
        },
      }),
    ],
  },
  {
    operation: 'POST /lang2fhir/profile/upload',
    title: 'the deprecated base64 upload with a profile context; bad base64 JSON is 400',
    run: async (context) => [
      await context.call('POST', '/lang2fhir/profile/upload', {
        body: {
          profile: Buffer.from(JSON.stringify(structureDefinition('contract-legacy'))).toString(
            'base64',
          ),
          implementation_guide: 'contract-ig',
          profile_context: 'Prefer the contract profiles for patients.',
        },
      }),
      await context.call('POST', '/lang2fhir/profile/upload', { body: { profile: '!!!' } }),
    ],
  },
  {
    operation: 'GET /fhir/profiles',
    title: 'every custom profile, and the filter by canonical url (no match: empty list)',
    run: async (context) => [
      await context.call('GET', '/fhir/profiles'),
      await context.call('GET', '/fhir/profiles', {
        query: { url: `${URL_BASE}/contract-patient` },
      }),
      await context.call('GET', '/fhir/profiles', { query: { url: 'http://nowhere.example' } }),
    ],
  },
  {
    operation: 'GET /fhir/profiles/{id}',
    title: 'one profile with its StructureDefinition; an unknown id is 404',
    run: async (context) => [
      await context.call('GET', '/fhir/profiles/contract-patient'),
      await context.call('GET', '/fhir/profiles/no-such-profile'),
    ],
  },
  {
    operation: 'PUT /fhir/profiles/{id}',
    title: 'replaces the profile (new version); a changed type is 400; unknown 404',
    run: async (context) => [
      await context.call('PUT', '/fhir/profiles/contract-patient', {
        body: {
          structure_definition: structureDefinition('contract-patient', { version: '2.0.0' }),
        },
      }),
      await context.call('PUT', '/fhir/profiles/contract-patient', {
        body: {
          structure_definition: structureDefinition('contract-patient', {
            type: 'Observation',
            differential: { element: [{ id: 'Observation', path: 'Observation' }] },
          }),
        },
      }),
      await context.call('PUT', '/fhir/profiles/no-such-profile', {
        body: { structure_definition: structureDefinition('no-such-profile') },
      }),
    ],
  },
  {
    operation: 'GET /fhir/implementation-guides',
    title: 'the guides with their profile counts',
    run: async (context) => context.call('GET', '/fhir/implementation-guides'),
  },
  {
    operation: 'PUT /fhir/implementation-guides/{name}',
    title: "sets a guide's profile context; the reserved guide is 403",
    run: async (context) => [
      await context.call('PUT', '/fhir/implementation-guides/contract-ig', {
        body: { profile_context: 'Use the contract profiles for patient demographics.' },
      }),
      await context.call('PUT', '/fhir/implementation-guides/us_core', {
        body: { profile_context: 'x' },
      }),
    ],
  },
  {
    operation: 'GET /fhir/implementation-guides/{name}',
    title: 'one guide with its profile ids; an unknown guide is 404',
    run: async (context) => [
      await context.call('GET', '/fhir/implementation-guides/contract-ig'),
      await context.call('GET', '/fhir/implementation-guides/no-such-guide'),
    ],
  },
  {
    operation: 'DELETE /fhir/implementation-guides/{name}',
    title: "deletes a guide's metadata (204); again is 404",
    run: async (context) => [
      await context.call('DELETE', '/fhir/implementation-guides/contract-ig'),
      await context.call('DELETE', '/fhir/implementation-guides/contract-ig'),
    ],
  },
  {
    operation: 'DELETE /fhir/profiles/{id}',
    title: 'deletes a profile (204); again is 404; a built-in id is 403',
    run: async (context) => [
      await context.call('DELETE', '/fhir/profiles/contract-legacy'),
      await context.call('DELETE', '/fhir/profiles/contract-legacy'),
      await context.call('DELETE', '/fhir/profiles/us-core-patient'),
    ],
  },
];
