import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestedExtensions, patient } from '../support/fuzz/fhir-cases.js';
import { nestedArrays } from '../support/fuzz/hostile-values.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

// Regressions of issues #13 and #22: client input never answers 500.
describe.each(PROFILES)('input policy (%s profile)', (profile) => {
  let api: TestApp;
  let token: string;

  beforeAll(async () => {
    api = await startTestApp(profile);
    token = await api.token(await api.createClient('policy'));
  });

  afterAll(async () => {
    await api?.close();
  });

  const send = async (
    method: string,
    path: string,
    body?: string | Buffer,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) => {
    const response = await fetch(`${api.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...headers },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  it('answers 400 BODY_TOO_DEEP for a 3,000-level array on write endpoints', async () => {
    for (const path of ['/v2/auth/clients', '/workflows', '/fhir2omop/create', '/agent/prompts']) {
      const answer = await send('POST', path, JSON.stringify(nestedArrays(3_000)));
      expect(answer.status, path).toBe(400);
      expect(answer.body.error.code, path).toBe('REQUEST.BODY_TOO_DEEP');
    }
  });

  it('answers 400 naming the field for U+0000 and lone surrogates, and stores nothing', async () => {
    const nul = await send('POST', '/v2/auth/clients', JSON.stringify({ name: '\u0000\u202e' }));
    expect(nul.status).toBe(400);
    expect(nul.body.error).toMatchObject({
      code: 'REQUEST.UNSTORABLE_CHARACTER',
      details: [{ field: 'name' }],
    });
    const surrogate = await send(
      'POST',
      '/agent/prompts',
      JSON.stringify({ name: 'p', content: 'a\ud800b' }),
    );
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.error.details[0].field).toBe('content');
    const listed = await send('GET', '/v2/auth/clients', undefined, {});
    expect(listed.body.clients).toHaveLength(1);
  });

  it('checks a body of several hundred KB (parsed in slices) as it checks a small one', async () => {
    const body = (name: string, last: Record<string, unknown> = {}) =>
      JSON.stringify({
        name,
        version: '1',
        format: 'json',
        codes: Array.from({ length: 10_000 }, (_, index) => ({
          code: `P${index}`,
          description: `Policy finding ${index}`,
          ...(index === 9_999 ? last : {}),
        })),
      });
    const accepted = await send('POST', '/construe/upload', body('sliced_ok'));
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ name: 'SLICED_OK', version: '1' });
    const zipped = await send('POST', '/construe/upload', gzipSync(body('sliced_zip')), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(zipped.status).toBe(202);

    const nul = await send(
      'POST',
      '/construe/upload',
      body('sliced_nul', { description: 'a\u0000' }),
    );
    expect(nul.status).toBe(400);
    expect(nul.body.error).toMatchObject({
      code: 'REQUEST.UNSTORABLE_CHARACTER',
      details: [{ field: 'codes[9999].description' }],
    });
    const proto = await send(
      'POST',
      '/construe/upload',
      body('sliced_proto').replace('"code":"P9999"', '"__proto__":{"x":1},"code":"P9999"'),
    );
    expect(proto.status).toBe(400);
    expect(proto.body.error).toMatchObject({
      code: 'REQUEST.FORBIDDEN_KEY',
      details: [{ field: 'codes[9999].__proto__' }],
    });
    const truncated = await send('POST', '/construe/upload', body('sliced_cut').slice(0, -2));
    expect(truncated.status).toBe(400);
    expect(truncated.body.error.code).toBe('REQUEST.MALFORMED_BODY');
    const deep = await send(
      'POST',
      '/construe/upload',
      body('sliced_deep', { definition: nestedArrays(3_000) }),
    );
    expect(deep.status).toBe(400);
    expect(deep.body.error.code).toBe('REQUEST.BODY_TOO_DEEP');
  });

  it('answers 415 in the envelope for a text/plain body and for unsupported encodings', async () => {
    const plain = await send('POST', '/v2/auth/clients', '{"name":"x"}', {
      'content-type': 'text/plain',
    });
    expect(plain.status).toBe(415);
    expect(plain.body).toMatchObject({
      success: false,
      error: { code: 'REQUEST.UNSUPPORTED_MEDIA_TYPE' },
    });
    const brotli = await send('POST', '/v2/auth/clients', '{"name":"x"}', {
      'content-type': 'application/json',
      'content-encoding': 'br',
    });
    expect(brotli.status).toBe(415);
    expect(brotli.body.error.code).toBe('REQUEST.UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 for a body that is not the gzip it claims, and reads real gzip', async () => {
    const fake = await send('POST', '/v2/auth/clients', '{"name":"x"}', {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(fake.status).toBe(400);
    expect(fake.body.error.code).toBe('REQUEST.UNDECODABLE_BODY');
    const real = await send('POST', '/v2/auth/clients', gzipSync('{"name":"zipped"}'), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(real.status).toBe(201);
  });

  it('answers 400 for a forged cursor, even one bound to the right listing', async () => {
    const upload = await send(
      'POST',
      '/construe/upload',
      JSON.stringify({
        name: 'policy_codes',
        version: '1',
        format: 'json',
        codes: [
          { code: 'A1', description: 'first' },
          { code: 'A2', description: 'second' },
        ],
      }),
    );
    expect(upload.status).toBeLessThan(300);
    let page = await send('GET', '/construe/codes/policy_codes?limit=1', undefined, {});
    for (let attempt = 0; page.status !== 200 && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = await send('GET', '/construe/codes/policy_codes?limit=1', undefined, {});
    }
    expect(page.status).toBe(200);
    const real = JSON.parse(
      Buffer.from(String(page.body.next_cursor), 'base64url').toString('utf8'),
    ) as { s: string };
    for (const forged of [{ k: [1e308] }, { s: real.s, k: [1e308] }, { s: real.s, k: [2 ** 40] }]) {
      const cursor = Buffer.from(JSON.stringify(forged)).toString('base64url');
      const answer = await send(
        'GET',
        `/construe/codes/policy_codes?cursor=${cursor}`,
        undefined,
        {},
      );
      expect(answer.status, JSON.stringify(forged)).toBe(400);
      expect(answer.body.error.code).toBe('REQUEST.INVALID_CURSOR');
    }
  });

  it('answers 400 for a sandbox _offset past bigint', async () => {
    const answer = await send(
      'GET',
      '/fhir/sandbox/Patient?_offset=99999999999999999999',
      undefined,
      {},
    );
    expect(answer.status).toBe(400);
    expect(answer.body.resourceType).toBe('OperationOutcome');
  });

  it('refuses 1,000 levels of nested extensions in the sandbox and in fhir2summary', async () => {
    const deep = { ...patient(), extension: [nestedExtensions(1_000)] };
    const sandbox = await send('POST', '/fhir/sandbox/Patient', JSON.stringify(deep), {
      'content-type': 'application/fhir+json',
    });
    expect(sandbox.status).toBe(400);
    const summary = await send(
      'POST',
      '/fhir2summary/create',
      JSON.stringify({ mode: 'flatten', fhir_resources: deep }),
    );
    expect(summary.status).toBe(400);
    expect(summary.body.error.code).toBe('REQUEST.BODY_TOO_DEEP');
    // 100 levels is within the default limit of 256 and is summarised
    const shallow = await send(
      'POST',
      '/fhir2summary/create',
      JSON.stringify({
        mode: 'flatten',
        fhir_resources: { ...patient(), extension: [nestedExtensions(100)] },
      }),
    );
    expect(shallow.status).toBe(200);
  });

  it('treats a null optional field as absent instead of failing (lang2fhir version, provider)', async () => {
    const built = await send(
      'POST',
      '/lang2fhir/create',
      JSON.stringify({ resource: 'auto', text: 'Patient has asthma.', version: null }),
    );
    expect(built.status).toBeLessThan(500);
    expect(built.status).not.toBe(400);
    const created = await send(
      'POST',
      '/tools/lang2fhir-and-create',
      JSON.stringify({ resource: 'auto', text: 'Patient has asthma.', provider: null }),
    );
    expect(created.status).toBeLessThan(500);
  });
});
