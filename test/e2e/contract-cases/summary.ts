import { sendDocumentExamples } from '../../support/contract/document-examples.js';
import type { ContractCase, ContractContext } from '../../support/contract/contract-case.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const patient = {
  resourceType: 'Patient',
  id: 'p1',
  identifier: [{ system: 'http://hospital.example.org/mrn', value: 'MRN-1001' }],
  name: [{ given: ['Maria'], family: 'Lopez' }],
  gender: 'female',
  birthDate: '1966-09-30',
};
const condition = {
  resourceType: 'Condition',
  id: 'c1',
  subject: { reference: 'Patient/p1' },
  code: { coding: [{ system: 'http://snomed.info/sct', code: '195967001', display: 'Asthma' }] },
  onsetDateTime: '2004-04-12',
};
const bundle = {
  resourceType: 'Bundle',
  type: 'collection',
  entry: [{ resource: patient }, { resource: condition }],
};

const templateId = (context: ContractContext) => context.state.get('summaryTemplateId') as string;

export const cases: ContractCase[] = [
  {
    operation: 'POST /fhir2summary/template',
    title: 'a narrative template from an example; a missing example is 400',
    run: async (context) => {
      const created = await context.call('POST', '/fhir2summary/template', {
        body: {
          name: 'one-liner',
          description: 'Problem one-liner',
          example_summary: 'Maria Lopez (female) has had asthma since 12/04/2004.',
          target_resources: ['Patient', 'Condition'],
          example_fhir_data: bundle,
          mode: 'narrative',
        },
      });
      context.state.set(
        'summaryTemplateId',
        (created.body as { template_id?: string }).template_id,
      );
      return [
        created,
        await context.call('POST', '/fhir2summary/template', {
          body: { name: 'broken', target_resources: 'Patient', mode: 'narrative' },
        }),
        ...(await sendDocumentExamples(
          context,
          'POST /fhir2summary/template',
          '/fhir2summary/template',
        )),
      ];
    },
  },
  {
    operation: 'GET /fhir2summary/templates',
    title: "the caller's templates",
    run: async (context) => [
      await context.call('GET', '/fhir2summary/templates'),
      await context.call('GET', '/fhir2summary/templates', { headers: { authorization: '' } }),
    ],
  },
  {
    operation: 'GET /fhir2summary/template/{id}',
    title: 'one template; unknown 404',
    run: async (context) => [
      await context.call('GET', `/fhir2summary/template/${templateId(context)}`),
      await context.call('GET', `/fhir2summary/template/${UNKNOWN_ID}`),
    ],
  },
  {
    operation: 'PUT /fhir2summary/template/{id}',
    title: 'replaces the template text; bad body 400; unknown 404',
    run: async (context) => [
      await context.call('PUT', `/fhir2summary/template/${templateId(context)}`, {
        body: {
          name: 'one-liner',
          template: '{{Patient.name.family}} ({{Patient.gender}})',
          target_resources: ['Patient'],
          mode: 'narrative',
        },
      }),
      await context.call('PUT', `/fhir2summary/template/${templateId(context)}`, {
        body: { name: 'x' },
      }),
      await context.call('PUT', `/fhir2summary/template/${UNKNOWN_ID}`, {
        body: { name: 'x', template: 'y', target_resources: ['Patient'], mode: 'narrative' },
      }),
    ],
  },
  {
    operation: 'POST /fhir2summary/create',
    title: 'narrative, flatten and ips summaries; an ips Bundle without a Patient is 400; 404',
    run: async (context) => [
      ...(await sendDocumentExamples(context, 'POST /fhir2summary/create', '/fhir2summary/create')),
      await context.call('POST', '/fhir2summary/create', {
        body: { mode: 'narrative', template_id: templateId(context), fhir_resources: bundle },
      }),
      await context.call('POST', '/fhir2summary/create', {
        body: { mode: 'flatten', fhir_resources: bundle },
      }),
      await context.call('POST', '/fhir2summary/create', {
        body: { mode: 'ips', fhir_resources: bundle },
      }),
      await context.call('POST', '/fhir2summary/create', {
        body: {
          mode: 'ips',
          fhir_resources: {
            resourceType: 'Bundle',
            type: 'collection',
            entry: [{ resource: condition }],
          },
        },
      }),
      await context.call('POST', '/fhir2summary/create', {
        body: { mode: 'narrative', template_id: UNKNOWN_ID, fhir_resources: bundle },
      }),
    ],
  },
  {
    operation: 'DELETE /fhir2summary/template/{id}',
    title: 'deletes the template; then 404',
    run: async (context) => [
      await context.call('DELETE', `/fhir2summary/template/${templateId(context)}`),
      await context.call('DELETE', `/fhir2summary/template/${templateId(context)}`),
    ],
  },
];
