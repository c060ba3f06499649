import { sendDocumentExamples } from '../../support/contract/document-examples.js';
import type { ContractCase, ContractResponse } from '../../support/contract/contract-case.js';

const NOTE =
  'Maria Lopez, a 58 year old female, was seen today. She has type 2 diabetes mellitus and ' +
  'hypertension. BP 148/92. Takes lisinopril 10 mg tablet daily.';

/** The document's 200 schema is any object; the SDK reads it as the FHIR resource itself. */
function isFhirResource(response: ContractResponse): ContractResponse {
  if (response.status === 200) {
    const resourceType = (response.body as { resourceType?: unknown }).resourceType;
    if (typeof resourceType !== 'string') {
      throw new Error('POST /lang2fhir/create must answer the FHIR resource itself');
    }
  }
  return response;
}

export const cases: ContractCase[] = [
  {
    operation: 'POST /lang2fhir/create',
    title: 'a condition and auto-detected vitals come back as bare FHIR resources; 400; 422',
    run: async (context) => [
      isFhirResource(
        await context.call('POST', '/lang2fhir/create', {
          body: {
            version: 'R4',
            resource: 'condition-problems-health-concerns',
            text: 'Type 2 diabetes mellitus diagnosed in 2019.',
          },
        }),
      ),
      isFhirResource(
        await context.call('POST', '/lang2fhir/create', {
          body: { version: 'R4', resource: 'auto', text: 'BP 132/84 mmHg.' },
        }),
      ),
      await context.call('POST', '/lang2fhir/create', {
        body: { version: 'R4', resource: 'medication', text: 'x' },
      }),
      await context.call('POST', '/lang2fhir/create', {
        body: { version: 'R4', resource: 'vital-signs', text: 'The weather is nice today.' },
      }),
      ...(await sendDocumentExamples(context, 'POST /lang2fhir/create', '/lang2fhir/create')).map(
        isFhirResource,
      ),
    ],
  },
  {
    operation: 'POST /tools/lang2fhir-and-create',
    title: 'builds and stores in the sandbox; bad resource 400',
    run: async (context) => [
      await context.call('POST', '/tools/lang2fhir-and-create', {
        body: {
          resource: 'condition-problems-health-concerns',
          text: 'Essential hypertension since 2015.',
        },
      }),
      await context.call('POST', '/tools/lang2fhir-and-create', {
        body: { resource: 'medication', text: 'x' },
      }),
    ],
  },
  {
    operation: 'POST /tools/lang2fhir-and-create-multi',
    title: 'several linked resources stored as one transaction in the sandbox; missing text 400',
    run: async (context) => [
      await context.call('POST', '/tools/lang2fhir-and-create-multi', {
        body: { text: NOTE, version: 'R4', provider: 'sandbox' },
      }),
      await context.call('POST', '/tools/lang2fhir-and-create-multi', {
        body: { provider: 'sandbox' },
      }),
    ],
  },
];
