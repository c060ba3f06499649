import type { ContractCase, ContractContext } from '../../support/contract/contract-case.js';

/** The gateway over the caller's sandbox (named "sandbox"): the document lists only 200 here. */
const BASE = '/fhir-provider/sandbox/fhir';
const IDENTIFIER = 'urn:test:contract-gateway|gw-1';

const patientId = (context: ContractContext) => context.state.get('gatewayPatientId') as string;

export const cases: ContractCase[] = [
  {
    operation: 'POST /fhir-provider/{fhir_provider_id}/fhir',
    title: 'a transaction Bundle creating a patient and an observation of it',
    run: async (context) => {
      const answer = await context.call('POST', BASE, {
        headers: { 'content-type': 'application/fhir+json' },
        body: {
          resourceType: 'Bundle',
          type: 'transaction',
          entry: [
            {
              fullUrl: 'urn:uuid:7d4a2c1e-3b5f-4e6a-8c9d-0e1f2a3b4c5d',
              request: { method: 'POST', url: 'Patient' },
              resource: {
                resourceType: 'Patient',
                identifier: [{ system: 'urn:test:contract-gateway', value: 'gw-1' }],
                name: [{ family: 'Gateway', given: ['Contract'] }],
              },
            },
            {
              request: { method: 'POST', url: 'Observation' },
              resource: {
                resourceType: 'Observation',
                status: 'final',
                code: { text: 'body weight' },
                subject: { reference: 'urn:uuid:7d4a2c1e-3b5f-4e6a-8c9d-0e1f2a3b4c5d' },
              },
            },
          ],
        },
      });
      const location = (answer.body as { entry?: { response?: { location?: string } }[] })
        .entry?.[0]?.response?.location;
      context.state.set('gatewayPatientId', location?.split('/')[1]);
      return answer;
    },
  },
  {
    operation: 'GET /fhir-provider/{fhir_provider_id}/fhir/{fhir_path}',
    title: 'a read with the SDK-encoded path (Patient%2F…) and a search with native parameters',
    run: async (context) => [
      await context.call('GET', `${BASE}/Patient%2F${patientId(context)}`),
      await context.call('GET', `${BASE}/Patient`, {
        query: { identifier: IDENTIFIER, _count: 5 },
      }),
    ],
  },
  {
    operation: 'POST /fhir-provider/{fhir_provider_id}/fhir/{fhir_path}',
    title: 'a conditional create (If-None-Exist) that finds the existing patient',
    run: async (context) =>
      context.call('POST', `${BASE}/Patient`, {
        headers: {
          'content-type': 'application/fhir+json',
          'if-none-exist': `identifier=${IDENTIFIER}`,
        },
        body: { resourceType: 'Patient', name: [{ family: 'Duplicate' }] },
      }),
  },
  {
    operation: 'PUT /fhir-provider/{fhir_provider_id}/fhir/{fhir_path}',
    title: 'an update of the patient',
    run: async (context) =>
      context.call('PUT', `${BASE}/Patient/${patientId(context)}`, {
        headers: { 'content-type': 'application/fhir+json' },
        body: {
          resourceType: 'Patient',
          id: patientId(context),
          identifier: [{ system: 'urn:test:contract-gateway', value: 'gw-1' }],
          name: [{ family: 'Gateway', given: ['Contract'] }],
          gender: 'female',
        },
      }),
  },
  {
    operation: 'PATCH /fhir-provider/{fhir_provider_id}/fhir/{fhir_path}',
    title: 'a JSON Patch (application/json-patch+json)',
    run: async (context) =>
      context.call('PATCH', `${BASE}/Patient/${patientId(context)}`, {
        headers: { 'content-type': 'application/json-patch+json' },
        rawBody: JSON.stringify([
          { op: 'test', path: '/gender', value: 'female' },
          { op: 'replace', path: '/gender', value: 'other' },
        ]),
      }),
  },
  {
    operation: 'DELETE /fhir-provider/{fhir_provider_id}/fhir/{fhir_path}',
    title: 'a delete of the patient',
    run: async (context) => context.call('DELETE', `${BASE}/Patient/${patientId(context)}`),
  },
];
