import { sendDocumentExamples } from '../../support/contract/document-examples.js';
import type { ContractCase } from '../../support/contract/contract-case.js';

const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';
const SNOMED = 'http://snomed.info/sct';

/** Operations of issue #24: clinical language beyond create, and the construe extras. */
export const cases: ContractCase[] = [
  {
    operation: 'POST /construe/codes/crosswalk',
    title:
      'a code to SNOMED (200, misses reported per target); unknown source system and bad input 400',
    run: async (context) => [
      await context.call('POST', '/construe/codes/crosswalk', {
        body: { system: ICD10CM, code: 'I10', targets: [SNOMED, 'http://example.org/none'] },
      }),
      await context.call('POST', '/construe/codes/crosswalk', {
        body: { system: 'http://example.org/none', code: 'I10', targets: [SNOMED] },
      }),
      await context.call('POST', '/construe/codes/crosswalk', {
        body: { system: ICD10CM, code: 'I10', targets: [] },
      }),
      ...(await sendDocumentExamples(
        context,
        'POST /construe/codes/crosswalk',
        '/construe/codes/crosswalk',
      )),
    ],
  },
];
