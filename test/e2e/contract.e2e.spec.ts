import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ContractCase,
  ContractContext,
  ContractRequest,
  ContractResponse,
} from '../support/contract/contract-case.js';
import {
  loadPublicApiDocument,
  PUBLIC_API_DOCUMENT_PATH,
} from '../support/contract/public-api-document.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';
import { cases as agentsCases } from './contract-cases/agents.js';
import { cases as authCases } from './contract-cases/auth.js';
import { cases as construeCases } from './contract-cases/construe.js';
import { cases as documentsCases } from './contract-cases/documents.js';
import { cases as fhir2omopCases } from './contract-cases/fhir2omop.js';
import { cases as fhirGatewayCases } from './contract-cases/fhir-gateway.js';
import { cases as fhirProfilesCases } from './contract-cases/fhir-profiles.js';
import { cases as fhirProviderCases } from './contract-cases/fhir-provider.js';
import { cases as lang2fhirCases } from './contract-cases/lang2fhir.js';
import { cases as languageCases } from './contract-cases/language.js';
import { cases as summaryCases } from './contract-cases/summary.js';
import { cases as toolsCases } from './contract-cases/tools.js';
import { cases as workflowsCases } from './contract-cases/workflows.js';

/**
 * The public API document is the contract the vendor's SDKs are generated from: every case
 * calls one of its operations on the running API and every response must validate against
 * the document's schema for that operation and status.
 */
const ALL_CASES: ContractCase[] = [
  ...authCases,
  ...construeCases,
  ...fhir2omopCases,
  ...fhirProviderCases,
  ...fhirGatewayCases,
  ...fhirProfilesCases,
  ...lang2fhirCases,
  ...documentsCases,
  ...summaryCases,
  ...workflowsCases,
  ...agentsCases,
  ...toolsCases,
  ...languageCases,
];

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const document = loadPublicApiDocument();
if (!document) {
  console.warn(
    `contract test skipped: the public API document is absent (${PUBLIC_API_DOCUMENT_PATH})`,
  );
}

describe.skipIf(!document).each(PROFILES)('public API contract (%s profile)', (profile) => {
  let api: TestApp;
  let context: ContractContext;
  /** Per operation: whether every response of every case validated. */
  const outcomes = new Map<string, boolean>();
  /** Operations that answered at least once with a success status: implemented, not just routed. */
  const succeeded = new Set<string>();

  beforeAll(async () => {
    api = await startTestApp(profile);
    const client = await api.createClient('contract', 'paid');
    context = {
      profile,
      baseUrl: api.baseUrl,
      token: await api.token(client),
      credentials: { clientId: client.clientId, clientSecret: client.clientSecret },
      call: (method, path, request) => call(api.baseUrl, context.token, method, path, request),
      state: new Map(),
    };
  });

  afterAll(async () => {
    await api?.close();
    if (!document || outcomes.size === 0) return;
    const valid = document.operations.filter(
      (operation) => outcomes.get(operation) === true && succeeded.has(operation),
    );
    const invalid = document.operations.filter(
      (operation) => outcomes.has(operation) && !valid.includes(operation),
    );
    const missing = document.operations.filter((operation) => !outcomes.has(operation));
    const lines = [
      `public API contract (${profile}): ${valid.length} of ${document.operations.length} operations implemented and valid`,
      ...(invalid.length > 0 ? [`  invalid (${invalid.length}):`, ...indent(invalid)] : []),
      `  not implemented (${missing.length}):`,
      ...indent(missing),
    ];
    console.log(lines.join('\n'));
  });

  it('every case names an operation of the document', () => {
    const unknown = ALL_CASES.map((contractCase) => contractCase.operation).filter(
      (operation) => !document!.operations.includes(operation),
    );
    expect(unknown).toEqual([]);
  });

  it.each(
    ALL_CASES.map((contractCase) => [contractCase.operation, contractCase.title, contractCase]),
  )('%s: %s', async (operation, _title, contractCase) => {
    let problems: string[];
    try {
      const result = await contractCase.run(context);
      const responses = Array.isArray(result) ? result : [result];
      if (responses.some((response) => response.status >= 200 && response.status < 300)) {
        succeeded.add(operation);
      } else {
        // No success: show what came back, so the reason is in the test output.
        console.warn(
          `${operation}: no success status among ${JSON.stringify(
            responses.map((response) => [response.status, response.body]),
          ).slice(0, 2000)}`,
        );
      }
      problems = responses.flatMap((response) =>
        document!.validate(operation, response).map((problem) => `${response.status}: ${problem}`),
      );
      if (responses.length === 0) problems.push('the case returned no response');
    } catch (error) {
      outcomes.set(operation, false);
      throw error;
    }
    outcomes.set(operation, outcomes.get(operation) !== false && problems.length === 0);
    expect(problems).toEqual([]);
  });

  it('every operation with cases answers an unauthenticated call with 401 in its shape', async () => {
    const tested = [...new Set(ALL_CASES.map((contractCase) => contractCase.operation))].filter(
      (operation) => document!.requiresBearer(operation),
    );
    const problems: string[] = [];
    for (const operation of tested) {
      const [method, template] = operation.split(' ') as [string, string];
      // Authentication comes before routing parameters are looked at: any id will do.
      const path = template.replace(/\{[^}]+\}/g, UNKNOWN_ID);
      const response = await context.call(method, path, {
        headers: { authorization: '' },
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      if (response.status !== 401) problems.push(`${operation}: ${response.status}, not 401`);
      // The FHIR gateway's operations list no 401: the status is checked, there is no shape.
      if (!document!.statuses(operation).includes('401')) continue;
      problems.push(
        ...document!.validate(operation, response).map((problem) => `${operation}: ${problem}`),
      );
    }
    expect(problems).toEqual([]);
  });

  it('every operation with cases answered with a success status at least once', () => {
    const tested = [...new Set(ALL_CASES.map((contractCase) => contractCase.operation))];
    expect(tested.filter((operation) => !succeeded.has(operation))).toEqual([]);
  });
});

function indent(operations: string[]): string[] {
  return operations.map((operation) => `    ${operation}`);
}

async function call(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  request: ContractRequest = {},
): Promise<ContractResponse> {
  const url = new URL(path, baseUrl);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    url.searchParams.set(name, String(value));
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }
  headers.authorization ??= `Bearer ${token}`;
  // An empty authorization header means "send none" (the unauthenticated cases).
  if (headers.authorization === '') delete headers.authorization;
  let body: string | Uint8Array | undefined = request.rawBody;
  if (body === undefined && request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  const responseHeaders = Object.fromEntries(response.headers.entries());
  const isJson = (responseHeaders['content-type'] ?? '').includes('json');
  return {
    status: response.status,
    headers: responseHeaders,
    body: isJson && text.length > 0 ? (JSON.parse(text) as unknown) : text,
  };
}
