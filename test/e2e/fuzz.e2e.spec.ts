import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EchoChatModel } from '../support/fuzz/echo-chat-model.js';
import { generateRequests, type FuzzRequest } from '../support/fuzz/generate.js';
import { writeOperations } from '../support/fuzz/openapi.js';
import { startTestApp, type ProfileName, type TestApp } from '../support/test-app.js';

// Issue #13: requests generated from the service's own OpenAPI document at test time.
const SEED = Number(process.env.FUZZ_SEED ?? 13);
const REQUESTS: Record<ProfileName, number> = {
  embedded: Number(process.env.FUZZ_REQUESTS ?? 5_000),
  server: Number(process.env.FUZZ_REQUESTS_SERVER ?? 5_000),
};
const IN_FLIGHT = 8;

interface Answer {
  request: FuzzRequest;
  status: number;
  body: unknown;
}

function isEnvelope(body: unknown): boolean {
  const value = body as { success?: unknown; message?: unknown; error?: { code?: unknown } };
  return (
    value?.success === false &&
    typeof value.message === 'string' &&
    typeof value.error?.code === 'string'
  );
}

/**
 * The project envelope; FHIR, OAuth and JSON-RPC endpoints answer in their standard's
 * shape, and the public API's legacy token route in its own `{ code, message, data }`.
 */
function hasErrorShape(path: string, body: unknown): boolean {
  if (isEnvelope(body)) return true;
  const value = body as { resourceType?: unknown; error?: unknown; jsonrpc?: unknown };
  if (path.startsWith('/fhir/sandbox')) return value?.resourceType === 'OperationOutcome';
  if (path === '/v2/auth/token') return typeof value?.error === 'string';
  if (path === '/auth/token') {
    const legacy = body as { code?: unknown; message?: unknown };
    return typeof legacy?.code === 'number' && typeof legacy.message === 'string';
  }
  if (path === '/mcp') return value?.jsonrpc === '2.0' && typeof value.error === 'object';
  return false;
}

async function send(baseUrl: string, token: string, request: FuzzRequest): Promise<Answer> {
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...request.headers },
    body: request.body,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text, and reported if it is an error
  }
  return { request, status: response.status, body };
}

/** The created object's id, wherever the response puts it (`id`, `data.id`, `template_id`, …). */
function idOf(json: Record<string, unknown>): string {
  const candidates = [
    json.id,
    json.template_id,
    ...Object.values(json).map((value) => (value as { id?: unknown } | null)?.id),
  ];
  const id = candidates.find((candidate) => typeof candidate === 'string');
  if (typeof id !== 'string') throw new Error(`no id in ${JSON.stringify(json).slice(0, 200)}`);
  return id;
}

async function runPool(
  requests: FuzzRequest[],
  worker: (request: FuzzRequest) => Promise<Answer>,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < requests.length) {
        const request = requests[next++];
        answers.push(await worker(request));
      }
    }),
  );
  return answers;
}

const PROFILE_RUNS: ProfileName[] =
  process.env.FUZZ_PROFILES === undefined
    ? ['embedded', 'server']
    : (process.env.FUZZ_PROFILES.split(',') as ProfileName[]);

describe.each(PROFILE_RUNS)('fuzzing every write operation (%s profile)', (profile) => {
  let api: TestApp;
  let chatModel: EchoChatModel;
  let token: string;
  let otherToken: string;
  let snapshotPaths: string[] = [];
  const snapshot = async () =>
    Promise.all(
      snapshotPaths.map(async (path) => {
        const response = await fetch(`${api.baseUrl}${path}`, {
          headers: { authorization: `Bearer ${otherToken}` },
        });
        return { path, status: response.status, body: await response.json() };
      }),
    );

  const call = async (who: string, method: string, path: string, body: unknown) => {
    const response = await fetch(`${api.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${who}`,
        'content-type': path.startsWith('/fhir/sandbox')
          ? 'application/fhir+json'
          : 'application/json',
      },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };

  beforeAll(async () => {
    chatModel = new EchoChatModel();
    api = await startTestApp(profile, {
      RATE_LIMIT_MAX: '1000000',
      CHAT_MODEL_URL: await chatModel.start(),
      LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent',
    });
    token = await api.token(await api.createClient('fuzzer'));
    otherToken = await api.token(await api.createClient('bystander'));
  });

  afterAll(async () => {
    await api?.close();
    await chatModel?.stop();
  });

  it(`answers ${REQUESTS[profile]}+ generated requests without a server error, errors in the envelope`, async () => {
    // Another account's data, stored before the run: its ids are among the fuzzed path ids.
    const prompt = await call(otherToken, 'POST', '/agent/prompts', {
      name: 'kept',
      content: 'Keep me.',
    });
    const template = await call(otherToken, 'POST', '/fhir2summary/template', {
      name: 'kept',
      example_summary: 'Jane Doe has asthma.',
      target_resources: ['Patient', 'Condition'],
      mode: 'narrative',
    });
    const patient = await call(otherToken, 'POST', '/fhir/sandbox/Patient', {
      resourceType: 'Patient',
      name: [{ family: 'Kept' }],
    });
    const ownPrompt = await call(token, 'POST', '/agent/prompts', {
      name: 'own',
      content: 'Mine.',
    });
    const promptId = idOf(prompt);
    const templateId = idOf(template);
    snapshotPaths = [
      '/v2/auth/clients',
      `/agent/prompts/${promptId}`,
      `/fhir2summary/template/${templateId}`,
      `/fhir/sandbox/Patient/${String(patient.id)}`,
      '/agent/prompts/list',
      '/fhir2summary/templates',
    ];
    const before = await snapshot();
    expect(before.filter((entry) => entry.status !== 200)).toEqual([]);

    const document = await (await fetch(`${api.baseUrl}/docs-json`)).json();
    const operations = writeOperations(document as Parameters<typeof writeOperations>[0]);
    expect(operations.length).toBeGreaterThanOrEqual(31);
    const ownPromptId = idOf(ownPrompt);
    const ownAgent = await call(token, 'POST', '/agent/create', {
      name: 'own',
      prompts: [ownPromptId],
    });
    const requests = generateRequests(
      operations,
      {
        ids: [promptId, templateId, String(patient.id), ownPromptId, idOf(ownAgent)],
        codeSystems: ['ICD10CM', 'CUSTOMFUZZ'],
      },
      SEED,
      REQUESTS[profile],
    );

    const answers = await runPool(requests, (request) => send(api.baseUrl, token, request));
    const serverErrors = answers.filter((answer) => answer.status >= 500);
    const shapeless = answers.filter(
      (answer) =>
        answer.status >= 400 &&
        answer.status < 500 &&
        !hasErrorShape(answer.request.path.split('?')[0], answer.body),
    );
    const byStatus: Record<number, number> = {};
    for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    console.log(
      `fuzz (${profile}, seed ${SEED}): ${answers.length} requests over ${operations.length} operations, ` +
        `${serverErrors.length} server errors, statuses ${JSON.stringify(byStatus)}`,
    );
    const describe = (answer: Answer) =>
      `${answer.status} ${answer.request.method} ${answer.request.path.slice(0, 120)} [${answer.request.label}] ${JSON.stringify(answer.body).slice(0, 300)}`;
    expect(answers.length).toBeGreaterThanOrEqual(REQUESTS[profile]);
    expect(serverErrors.map(describe).slice(0, 20)).toEqual([]);
    expect(shapeless.map(describe).slice(0, 20)).toEqual([]);

    const health = await fetch(`${api.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(await snapshot()).toEqual(before);
  }, 300_000);
  it('refuses or completes heavy and badly encoded requests within their limits, never a 5xx', async () => {
    const paidToken = await api.token(await api.createClient('heavy', 'paid'));
    const post = (path: string, body: Buffer | string, headers: Record<string, string> = {}) =>
      fetch(`${api.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${paidToken}`,
          'content-type': 'application/json',
          ...headers,
        },
        body,
      });
    const answer = async (label: string, response: Response) => ({
      label,
      status: response.status,
      body: (await response.json()) as { success?: boolean; error?: { code?: string } },
    });
    // A body of 64 MB once decompressed, under 100 KB on the wire: the size limit applies
    // to what the body decodes to.
    const bombJson = `{"name":"${'x'.repeat(64 * 1024 * 1024)}"}`;
    const observations = (count: number) => ({
      resourceType: 'Bundle',
      type: 'collection',
      entry: Array.from({ length: count }, (_, index) => ({
        resource: {
          resourceType: 'Observation',
          id: `o${index}`,
          status: 'final',
          code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
          valueQuantity: { value: index % 200, unit: '/min' },
        },
      })),
    });
    // One resource large enough to be validated in the validation thread (3,000 names).
    const widePatient = (invalid: boolean) => ({
      resourceType: 'Patient',
      name: Array.from({ length: 3_000 }, (_, index) => ({ family: `F${index}`, given: ['G'] })),
      ...(invalid ? { gender: 7 } : {}),
    });
    // Nested one level short of the service's depth limit (MAX_JSON_DEPTH, 256 by default).
    let deepExtension: Record<string, unknown> = {
      url: 'http://example.org/leaf',
      valueString: 'x',
    };
    for (let level = 0; level < 100; level++)
      deepExtension = { url: `http://example.org/level${level}`, extension: [deepExtension] };
    const answers = [
      await answer(
        'gzip bomb',
        await post('/agent/prompts', gzipSync(bombJson), { 'content-encoding': 'gzip' }),
      ),
      await answer(
        'deflate bomb',
        await post('/agent/prompts', deflateSync(bombJson), { 'content-encoding': 'deflate' }),
      ),
      await answer(
        'gzip claimed, plain sent',
        await post('/agent/prompts', '{"name":"a"}', { 'content-encoding': 'gzip' }),
      ),
      await answer(
        'truncated gzip',
        await post('/agent/prompts', gzipSync('{"name":"a","content":"b"}').subarray(0, 12), {
          'content-encoding': 'gzip',
        }),
      ),
      await answer('brotli', await post('/agent/prompts', '{}', { 'content-encoding': 'br' })),
      await answer(
        'gzip twice',
        await post('/agent/prompts', '{}', { 'content-encoding': 'gzip, gzip' }),
      ),
      await answer(
        'utf-16 charset',
        await post('/agent/prompts', Buffer.from('{"name":"a"}', 'utf16le'), {
          'content-type': 'application/json; charset=utf-16',
        }),
      ),
      await answer(
        'latin-1 charset',
        await post('/agent/prompts', Buffer.from('{"name":"é"}', 'latin1'), {
          'content-type': 'application/json; charset=iso-8859-1',
        }),
      ),
      await answer(
        'invalid UTF-8 bytes',
        await post(
          '/agent/prompts',
          Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        ),
      ),
      await answer(
        'over the body limit',
        await post('/agent/prompts', `{"name":"${'y'.repeat(11 * 1024 * 1024)}"}`),
      ),
      await answer(
        'big flatten, 5,000 Observations',
        await post(
          '/fhir2summary/create',
          JSON.stringify({ mode: 'flatten', fhir_resources: observations(5_000) }),
        ),
      ),
      await answer(
        'big fhir2omop, 2,000 Observations',
        await post('/fhir2omop/create', JSON.stringify({ fhir_resources: observations(2_000) })),
      ),
      await answer(
        'upload, 20,000 codes',
        await post(
          '/construe/upload',
          JSON.stringify({
            name: 'FUZZBIG',
            version: '1',
            format: 'json',
            codes: Array.from({ length: 20_000 }, (_, index) => ({
              code: `B${index}`,
              description: `Heavy case ${index}`,
            })),
          }),
        ),
      ),
      await answer(
        'one large Patient, flatten',
        await post(
          '/fhir2summary/create',
          JSON.stringify({ mode: 'flatten', fhir_resources: widePatient(false) }),
        ),
      ),
      await answer(
        'one large invalid Patient, strict',
        await post(
          '/fhir2summary/create',
          JSON.stringify({ mode: 'flatten', strict: true, fhir_resources: widePatient(true) }),
        ),
      ),
      await answer(
        'deep but legal extensions',
        await post(
          '/fhir2summary/create',
          JSON.stringify({
            mode: 'flatten',
            fhir_resources: { resourceType: 'Patient', id: 'deep', extension: [deepExtension] },
          }),
        ),
      ),
      await answer(
        'one level too deep',
        await post('/agent/prompts', `{"name":${'['.repeat(300)}${']'.repeat(300)}}`),
      ),
    ];
    const statusOf = (label: string) => answers.find((entry) => entry.label === label)?.status;
    const codeOf = (label: string) =>
      answers.find((entry) => entry.label === label)?.body.error?.code;
    expect(answers.filter((entry) => entry.status >= 500)).toEqual([]);
    expect(answers.filter((entry) => entry.status >= 400 && entry.body.success !== false)).toEqual(
      [],
    );
    expect([statusOf('gzip bomb'), codeOf('gzip bomb')]).toEqual([413, 'REQUEST.BODY_TOO_LARGE']);
    expect([statusOf('deflate bomb'), codeOf('deflate bomb')]).toEqual([
      413,
      'REQUEST.BODY_TOO_LARGE',
    ]);
    expect(statusOf('over the body limit')).toBe(413);
    expect(statusOf('gzip claimed, plain sent')).toBe(400);
    expect(statusOf('truncated gzip')).toBe(400);
    expect(statusOf('brotli')).toBe(415);
    expect(statusOf('gzip twice')).toBe(415);
    expect(statusOf('latin-1 charset')).toBe(415);
    expect(statusOf('big flatten, 5,000 Observations')).toBe(200);
    expect(statusOf('big fhir2omop, 2,000 Observations')).toBe(200);
    expect(statusOf('upload, 20,000 codes')).toBe(202);
    expect(statusOf('one large Patient, flatten')).toBe(200);
    expect([
      statusOf('one large invalid Patient, strict'),
      codeOf('one large invalid Patient, strict'),
    ]).toEqual([400, 'SUMMARY.INVALID_FHIR']);
    expect(statusOf('deep but legal extensions')).toBe(200);
    expect(codeOf('one level too deep')).toBe('REQUEST.BODY_TOO_DEEP');
    expect((await fetch(`${api.baseUrl}/health`)).status).toBe(200);
  }, 300_000);
});
