import { sendDocumentExamples } from '../../support/contract/document-examples.js';
import type {
  ContractCase,
  ContractContext,
  ContractResponse,
} from '../../support/contract/contract-case.js';

const SYSTEM = 'CONTRACT_CONDITIONS';
const VERSION = '2026.1';

const codes = [
  {
    code: 'K001',
    description: 'Essential hypertension',
    definition: 'Primary high blood pressure',
  },
  { code: 'K002', description: 'Type 2 diabetes mellitus without complications' },
  { code: 'K003', description: 'Acute bronchitis due to rhinovirus' },
];

async function waitUntilReady(context: ContractContext): Promise<ContractResponse> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await context.call('GET', `/construe/codes/systems/${SYSTEM}`, {
      query: { version: VERSION },
    });
    const status = (response.body as { status?: string }).status;
    if (response.status !== 200 || status !== 'processing' || Date.now() > deadline) {
      return response;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const cases: ContractCase[] = [
  {
    operation: 'POST /construe/upload',
    title: 'a JSON code list is accepted (202); a builtin name is refused (403); bad input 400',
    run: async (context) => [
      await context.call('POST', '/construe/upload', {
        body: { name: SYSTEM.toLowerCase(), version: VERSION, format: 'json', codes },
      }),
      await context.call('POST', '/construe/upload', {
        body: { name: 'ICD-10-CM', version: '1', format: 'json', codes },
      }),
      await context.call('POST', '/construe/upload', {
        body: { name: 5, version: '1', format: 'xml' },
      }),
      await context.call('POST', '/construe/upload', {
        body: { name: SYSTEM, version: VERSION, format: 'json', codes },
      }),
      await context.call('POST', '/construe/upload', {
        headers: { authorization: '' },
        body: { name: 'X', version: '1', format: 'json', codes },
      }),
      ...(await sendDocumentExamples(context, 'POST /construe/upload', '/construe/upload')),
    ],
  },
  {
    operation: 'GET /construe/codes/systems/{codesystem}',
    title: 'a custom system polled until ready; an unknown system is 404',
    run: async (context) => [
      await waitUntilReady(context),
      await context.call('GET', '/construe/codes/systems/ICD-10-CM'),
      await context.call('GET', '/construe/codes/systems/NO_SUCH_SYSTEM'),
    ],
  },
  {
    operation: 'GET /construe/codes/systems',
    title: 'builtin and own systems',
    run: async (context) => [
      await context.call('GET', '/construe/codes/systems'),
      await context.call('GET', '/construe/codes/systems', { headers: { authorization: '' } }),
    ],
  },
  {
    operation: 'GET /construe/codes/{codesystem}',
    title: 'the first page, the next page, a bad limit (400), an unknown system (404)',
    run: async (context) => {
      const first = await context.call('GET', `/construe/codes/${SYSTEM}`, {
        query: { limit: 2 },
      });
      const cursor = (first.body as { next_cursor?: string }).next_cursor;
      return [
        first,
        await context.call('GET', `/construe/codes/${SYSTEM}`, {
          query: { limit: 2, ...(cursor ? { cursor } : {}) },
        }),
        await context.call('GET', `/construe/codes/${SYSTEM}`, { query: { limit: 0 } }),
        await context.call('GET', '/construe/codes/NO_SUCH_SYSTEM'),
      ];
    },
  },
  {
    operation: 'GET /construe/codes/{codesystem}/{codeID}',
    title: 'one code (with the system it belongs to); an unknown code is 404',
    run: async (context) => [
      await context.call('GET', `/construe/codes/${SYSTEM}/K001`),
      await context.call('GET', `/construe/codes/${SYSTEM}/NOPE`),
    ],
  },
  {
    operation: 'GET /construe/codes/{codesystem}/search/text',
    title: 'words with a typo; a missing query is 400; an unknown system 404',
    run: async (context) => [
      await context.call('GET', `/construe/codes/${SYSTEM}/search/text`, {
        query: { q: 'diabetis', limit: 2 },
      }),
      await context.call('GET', `/construe/codes/${SYSTEM}/search/text`, {
        query: { q: 'zzqxv' },
      }),
      await context.call('GET', `/construe/codes/${SYSTEM}/search/text`),
      await context.call('GET', '/construe/codes/NO_SUCH_SYSTEM/search/text', {
        query: { q: 'x' },
      }),
    ],
  },
  {
    operation: 'GET /construe/codes/{codesystem}/search/semantic',
    title: 'by meaning; a missing text is 400',
    run: async (context) => [
      await context.call('GET', `/construe/codes/${SYSTEM}/search/semantic`, {
        query: { text: 'high blood pressure', limit: 2 },
      }),
      await context.call('GET', `/construe/codes/${SYSTEM}/search/semantic`),
    ],
  },
  {
    operation: 'POST /construe/extract',
    title: 'system as a name string and as the SDK object { name, version }; missing text 400',
    run: async (context) => [
      await context.call('POST', '/construe/extract', {
        body: { text: 'History of essential hypertension.', system: SYSTEM },
      }),
      await context.call('POST', '/construe/extract', {
        body: {
          text: 'Type 2 diabetes mellitus without complications.',
          system: { name: SYSTEM, version: VERSION },
        },
      }),
      await context.call('POST', '/construe/extract', { body: { system: SYSTEM } }),
      await context.call('POST', '/construe/extract', {
        body: { text: 'x', system: 'NO_SUCH_SYSTEM' },
      }),
      ...(await sendDocumentExamples(context, 'POST /construe/extract', '/construe/extract')),
    ],
  },
  {
    operation: 'DELETE /construe/codes/systems/{codesystem}',
    title: 'deletes the custom system; then 404; a builtin cannot be deleted',
    run: async (context) => [
      await context.call('DELETE', `/construe/codes/systems/${SYSTEM}`, {
        query: { version: VERSION },
      }),
      await context.call('DELETE', `/construe/codes/systems/${SYSTEM}`, {
        query: { version: VERSION },
      }),
      await context.call('DELETE', '/construe/codes/systems/ICD-10-CM'),
    ],
  },
];
