import { sendDocumentExamples } from '../../support/contract/document-examples.js';
import type { ContractCase, ContractContext } from '../../support/contract/contract-case.js';

const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';
const SNOMED = 'http://snomed.info/sct';

const EXPORTED = 'LANGUAGE_EXPORT';
// Upload order differs from code order, so an export in code order would show.
const exportedCodes = [
  { code: 'Z9', description: 'Last code uploaded first', definition: 'Defined' },
  { code: 'A1', description: 'First code uploaded second' },
  { code: 'M5', description: 'Middle code uploaded last' },
];

const hpoCodes = [
  { code: 'HP:0001250', description: 'Seizures' },
  { code: 'HP:0000252', description: 'Microcephaly' },
];

async function uploadAndWait(
  context: ContractContext,
  name: string,
  codes: object[],
): Promise<void> {
  const upload = await context.call('POST', '/construe/upload', {
    body: { name, version: '1', format: 'json', codes, replace: true },
  });
  if (upload.status !== 202) throw new Error(`upload: ${upload.status}`);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const system = await context.call('GET', `/construe/codes/systems/${name}`);
    if ((system.body as { status?: string }).status === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not become ready`);
}

function expectEqual(what: string, actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }
}

const extractionResult = (code: string) => ({
  system: { name: 'ICD-10-CM', version: '2025' },
  codes: [{ code, description: 'Some code', valid: true }],
});

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
  {
    operation: 'GET /construe/codes/systems/{codesystem}/export',
    title: 'a custom system in upload order (re-uploadable); builtin 403; unknown 404',
    run: async (context) => {
      await uploadAndWait(context, EXPORTED, exportedCodes);
      const exported = await context.call('GET', `/construe/codes/systems/${EXPORTED}/export`);
      expectEqual('exported codes', (exported.body as { codes?: unknown }).codes, exportedCodes);
      expectEqual(
        'Content-Disposition',
        exported.headers['content-disposition'],
        `attachment; filename="${EXPORTED}_1.json"`,
      );
      const reupload = await context.call('POST', '/construe/upload', {
        body: { ...(exported.body as object), replace: true },
      });
      expectEqual('re-upload status', reupload.status, 202);
      return [
        exported,
        await context.call('GET', '/construe/codes/systems/ICD-10-CM/export'),
        await context.call('GET', '/construe/codes/systems/NO_SUCH_SYSTEM/export'),
      ];
    },
  },
  {
    operation: 'POST /construe/feedback',
    title: 'saved (201) and listed back for the account; a missing result is 400',
    run: async (context) => {
      const saved = await context.call('POST', '/construe/feedback', {
        body: {
          text: 'Patient has essential hypertension',
          received_result: extractionResult('I15.0'),
          expected_result: extractionResult('I10'),
          detail: 'Primary, not secondary',
        },
      });
      const id = (saved.body as { id?: string }).id;
      const listed = await context.call('GET', '/construe/feedback');
      const entries = (listed.body as { feedback?: { id: string; detail: string }[] }).feedback;
      expectEqual(
        'listed feedback',
        entries?.find((entry) => entry.id === id)?.detail,
        'Primary, not secondary',
      );
      return [
        saved,
        await context.call('POST', '/construe/feedback', {
          body: { text: 'x', received_result: extractionResult('I10') },
        }),
        ...(await sendDocumentExamples(context, 'POST /construe/feedback', '/construe/feedback')),
      ];
    },
  },
  {
    operation: 'POST /construe/phenocr',
    title: 'an uploaded HPO system (200, alpha); unsupported system 400; a version not loaded 404',
    run: async (context) => {
      // HPO is not in the OMOP vocabulary: a custom system of that name is what phenocr reads.
      await uploadAndWait(context, 'HPO', hpoCodes);
      const extracted = await context.call('POST', '/construe/phenocr', {
        body: {
          text: 'Boy with seizures and microcephaly.',
          system: { name: 'HPO', version: '1' },
        },
      });
      expectEqual(
        'phenocr codes',
        (extracted.body as { alpha?: boolean; codes?: { code: string }[] }).codes?.map(
          (code) => code.code,
        ),
        ['HP:0001250', 'HP:0000252'],
      );
      expectEqual('alpha flag', (extracted.body as { alpha?: boolean }).alpha, true);
      return [
        extracted,
        await context.call('POST', '/construe/phenocr', {
          body: { text: 'x', system: { name: 'LOINC', version: '1' } },
        }),
        await context.call('POST', '/construe/phenocr', {
          body: { text: 'x', system: { name: 'ICD-10-CM' } },
        }),
        ...(await sendDocumentExamples(context, 'POST /construe/phenocr', '/construe/phenocr')),
      ];
    },
  },
  {
    operation: 'POST /lang2fhir/create/multi',
    title: 'a note to a linked transaction Bundle; empty text and R5 are 400',
    run: async (context) => {
      const text =
        'Maria Lopez, 62-year-old female. Diagnosed with asthma. Blood pressure 150/95 mmHg.';
      const multi = await context.call('POST', '/lang2fhir/create/multi', { body: { text } });
      const body = multi.body as {
        bundle?: {
          type?: string;
          entry?: {
            fullUrl: string;
            resource: { resourceType: string; subject?: { reference?: string } };
          }[];
        };
        resources?: { originalText?: string }[];
      };
      const entries = body.bundle?.entry ?? [];
      const patient = entries.find((entry) => entry.resource.resourceType === 'Patient');
      expectEqual('bundle type', body.bundle?.type, 'transaction');
      const linked = entries.filter(
        (entry) => entry.resource.subject?.reference === patient?.fullUrl,
      );
      if (!patient || linked.length < 2) {
        throw new Error(`expected a Patient and linked resources: ${JSON.stringify(entries)}`);
      }
      for (const resource of body.resources ?? []) {
        if (resource.originalText !== undefined && !text.includes(resource.originalText)) {
          throw new Error(`originalText not from the text: ${resource.originalText}`);
        }
      }
      return [
        multi,
        await context.call('POST', '/lang2fhir/create/multi', { body: { text: '' } }),
        await context.call('POST', '/lang2fhir/create/multi', { body: { text, version: 'R5' } }),
        ...(await sendDocumentExamples(
          context,
          'POST /lang2fhir/create/multi',
          '/lang2fhir/create/multi',
        )),
      ];
    },
  },
  {
    operation: 'POST /lang2fhir/search',
    title: 'a date range on Appointments (200); the patient from the header; empty text 400',
    run: async (context) => {
      const range = await context.call('POST', '/lang2fhir/search', {
        body: { text: 'Appointments between March 2-9, 2025' },
      });
      expectEqual('appointment search', range.body, {
        resource_type: 'Appointment',
        search_params: 'date=ge2025-03-02&date=le2025-03-09',
      });
      const onBehalf = await context.call('POST', '/lang2fhir/search', {
        headers: { 'x-service-on-behalf-of': 'Patient/p-42' },
        body: { text: 'Encounters since 2020' },
      });
      expectEqual('encounter search', onBehalf.body, {
        resource_type: 'Encounter',
        search_params: 'date=ge2020&patient=Patient/p-42',
      });
      return [
        range,
        onBehalf,
        await context.call('POST', '/lang2fhir/search', { body: { text: '' } }),
        ...(await sendDocumentExamples(context, 'POST /lang2fhir/search', '/lang2fhir/search')),
      ];
    },
  },
  {
    operation: 'POST /tools/lang2fhir-and-search',
    title: 'run in the sandbox: a stored patient found by _id; no text or a bad count 400',
    run: async (context) => {
      const created = await context.call('POST', '/fhir/sandbox/Patient', {
        body: { resourceType: 'Patient', name: [{ family: 'Searchable' }] },
      });
      const id = (created.body as { id?: string }).id;
      const found = await context.call('POST', '/tools/lang2fhir-and-search', {
        body: { text: 'Find this patient', patient_id: id, count: 10 },
      });
      const results = (found.body as { fhir_results?: { id?: string }[] }).fhir_results;
      if (JSON.stringify(results?.map((resource) => resource.id)) !== JSON.stringify([id])) {
        throw new Error(`search: ${found.status} ${JSON.stringify(found.body)}`);
      }
      return [
        found,
        await context.call('POST', '/tools/lang2fhir-and-search', { body: { count: 5 } }),
        await context.call('POST', '/tools/lang2fhir-and-search', {
          body: { text: 'conditions', count: 0 },
        }),
      ];
    },
  },
  {
    operation: 'POST /cohort',
    title: 'criteria to one query per concept, the exclusion marked (200); empty text 400',
    run: async (context) => {
      const cohort = await context.call('POST', '/cohort', {
        body: { text: 'female patients over 65 with asthma but not hypertension' },
      });
      const queries = (
        cohort.body as { queries?: { concept: string; exclude: boolean; search_params: string }[] }
      ).queries;
      expectEqual(
        'cohort concepts',
        queries?.map((query) => [query.concept, query.exclude]),
        [
          ['female patients over 65', false],
          ['asthma', false],
          ['hypertension', true],
        ],
      );
      if (!/^gender=female&birthdate=le\d{4}-\d{2}-\d{2}$/.test(queries?.[0].search_params ?? '')) {
        throw new Error(`demographics: ${queries?.[0].search_params}`);
      }
      return [
        cohort,
        await context.call('POST', '/cohort', { body: { text: '' } }),
        ...(await sendDocumentExamples(context, 'POST /cohort', '/cohort')),
      ];
    },
  },
  {
    operation: 'POST /tools/cohort',
    title: 'run in the sandbox: the older woman is in, the man and the young woman are not',
    run: async (context) => {
      const patient = async (gender: string, birthDate: string) => {
        const created = await context.call('POST', '/fhir/sandbox/Patient', {
          body: { resourceType: 'Patient', gender, birthDate },
        });
        return (created.body as { id: string }).id;
      };
      const older = await patient('female', '1940-02-01');
      const man = await patient('male', '1940-02-01');
      const young = await patient('female', '2010-02-01');
      const run = await context.call('POST', '/tools/cohort', {
        body: { text: 'female patients over 65', provider: 'sandbox' },
      });
      const ids = (run.body as { patientIds?: string[] }).patientIds ?? [];
      if (!ids.includes(older) || ids.includes(man) || ids.includes(young)) {
        throw new Error(`cohort: ${run.status} ${JSON.stringify(run.body)}`);
      }
      return [run, await context.call('POST', '/tools/cohort', { body: { provider: 'sandbox' } })];
    },
  },
];
