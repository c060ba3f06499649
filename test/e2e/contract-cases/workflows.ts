import { sendDocumentExamples } from '../../support/contract/document-examples.js';
import type { ContractCase, ContractContext } from '../../support/contract/contract-case.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const INSTRUCTIONS =
  'Find the patient by MRN. If the glucose value is above 200, create a flag for hyperglycemia, otherwise create a task to recheck the glucose in 3 months.';

/** The account's sandbox FHIR provider: always there, stores in the service itself. */
async function sandbox(context: ContractContext): Promise<string> {
  const listed = await context.call('GET', '/fhir-provider/list');
  const body = listed.body as Record<string, { id: string; provider: string }[] | undefined>;
  const providers = body.fhir_providers ?? body.data ?? [];
  const found = providers.find((provider) => provider.provider === 'sandbox');
  if (!found) throw new Error('no sandbox provider listed');
  return found.id;
}

const workflowId = (context: ContractContext) => context.state.get('workflowId') as string;

export const cases: ContractCase[] = [
  {
    operation: 'POST /workflows',
    title: 'plans a workflow (simplified and verbose); a bad body is 400',
    run: async (context) => {
      const provider = await sandbox(context);
      const body = {
        name: 'Glucose follow-up',
        workflow_instructions: INSTRUCTIONS,
        sample_data: { mrn: 'MRN-1', glucose_value: 250 },
        fhir_provider_id: provider,
      };
      const created = await context.call('POST', '/workflows', { body });
      context.state.set('workflowId', (created.body as { workflow_id?: string }).workflow_id);
      return [
        created,
        await context.call('POST', '/workflows', {
          body: { ...body, name: 'Glucose follow-up (verbose)' },
          query: { verbose: true },
        }),
        await context.call('POST', '/workflows', { body: { name: 5, sample_data: 'x' } }),
        await context.call('POST', '/workflows', { headers: { authorization: '' }, body }),
        ...(await sendDocumentExamples(context, 'POST /workflows', '/workflows')),
      ];
    },
  },
  {
    operation: 'GET /workflows',
    title: "the caller's workflows, plain and verbose",
    run: async (context) => [
      await context.call('GET', '/workflows'),
      await context.call('GET', '/workflows', { query: { verbose: true } }),
    ],
  },
  {
    operation: 'GET /workflows/{id}',
    title: 'one workflow, plain and verbose; unknown 404',
    run: async (context) => [
      await context.call('GET', `/workflows/${workflowId(context)}`),
      await context.call('GET', `/workflows/${workflowId(context)}`, { query: { verbose: true } }),
      await context.call('GET', `/workflows/${UNKNOWN_ID}`),
    ],
  },
  {
    operation: 'PUT /workflows/{id}',
    title: 'renames and replans; bad body 400; unknown 404',
    run: async (context) => {
      const provider = await sandbox(context);
      const body = {
        name: 'Glucose follow-up, renamed',
        workflow_instructions: INSTRUCTIONS,
        sample_data: { mrn: 'MRN-1', glucose_value: 250 },
        fhir_provider_id: provider,
      };
      return [
        await context.call('PUT', `/workflows/${workflowId(context)}`, { body }),
        await context.call('PUT', `/workflows/${workflowId(context)}`, {
          body: { ...body, workflow_instructions: 'Create a task to call the patient.' },
          query: { verbose: true },
        }),
        await context.call('PUT', `/workflows/${workflowId(context)}`, { body: { name: 7 } }),
        await context.call('PUT', `/workflows/${UNKNOWN_ID}`, { body }),
      ];
    },
  },
  {
    operation: 'POST /workflows/{id}/execute',
    title: 'runs against the sandbox (and previews); missing input 400; unknown 404',
    run: async (context) => [
      await context.call('POST', `/workflows/${workflowId(context)}/execute`, {
        body: { input_data: { mrn: 'MRN-1', glucose_value: 250 } },
      }),
      await context.call('POST', `/workflows/${workflowId(context)}/execute`, {
        body: { input_data: {}, preview: true },
      }),
      await context.call('POST', `/workflows/${UNKNOWN_ID}/execute`, {
        body: { input_data: {} },
      }),
      ...(await sendDocumentExamples(
        context,
        'POST /workflows/{id}/execute',
        `/workflows/${workflowId(context)}/execute`,
      )),
    ],
  },
  {
    operation: 'DELETE /workflows/{id}',
    title: 'deletes; then 404',
    run: async (context) => [
      await context.call('DELETE', `/workflows/${workflowId(context)}`),
      await context.call('DELETE', `/workflows/${workflowId(context)}`),
    ],
  },
];
