import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, call, listAll, waitForStatus, type Api } from '../support/construe-client.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

const CONDITIONS = Array.from({ length: 45 }, (_, index) => ({
  code: `C${String(index + 1).padStart(3, '0')}`,
  description: `Clinic condition number ${index + 1}`,
}));
CONDITIONS[3] = { code: 'C004', description: 'Type 2 diabetes mellitus without complications' };
CONDITIONS[7] = { code: 'C008', description: 'Essential hypertension' };
CONDITIONS[9] = { code: 'C010', description: 'Acute bronchitis due to rhinovirus' };

function csvOf(rows: { code: string; description: string }[]): string {
  return [
    'id,label,notes',
    ...rows.map((row) => `${row.code},"${row.description}",note for ${row.code}`),
  ].join('\n');
}

describe.each(PROFILES)('construe: custom code systems (%s profile)', (profile) => {
  let app: TestApp;
  let paid: Api;
  let free: Api;
  let other: Api;

  beforeAll(async () => {
    app = await startTestApp(profile, { EMBEDDING_JOB_BACKOFF_MS: '20' });
    paid = {
      baseUrl: app.baseUrl,
      token: await app.token(await app.createClient('clinic', 'paid')),
    };
    free = {
      baseUrl: app.baseUrl,
      token: await app.token(await app.createClient('hobbyist', 'free')),
    };
    other = {
      baseUrl: app.baseUrl,
      token: await app.token(await app.createClient('other-clinic', 'paid')),
    };
  });

  afterAll(async () => {
    await app?.close();
  });

  it('accepts a CSV upload at once (202), then becomes ready with its codes in upload order', async () => {
    const upload = await call(paid, 'POST', '/construe/upload', {
      name: 'clinic_conditions',
      version: '2026.1',
      format: 'csv',
      file: base64(csvOf(CONDITIONS)),
      code_col: 'id',
      desc_col: 'label',
      defn_col: 'notes',
    });
    expect(upload.status).toBe(202);
    expect(upload.body).toEqual({
      status: 'processing',
      name: 'CLINIC_CONDITIONS',
      version: '2026.1',
    });

    const ready = await waitForStatus(paid, 'clinic_conditions', '2026.1');
    expect(ready).toMatchObject({
      name: 'CLINIC_CONDITIONS',
      version: '2026.1',
      status: 'ready',
      builtin: false,
      code_count: 45,
    });
    expect(ready.error).toBeUndefined();

    for (const limit of [1, 20, 500]) {
      const { codes, pages } = await listAll(paid, 'CLINIC_CONDITIONS', '2026.1', limit);
      expect(codes).toEqual(CONDITIONS.map((row) => row.code));
      expect(pages).toBe(Math.ceil(45 / limit));
    }
    const one = await call(paid, 'GET', '/construe/codes/clinic_conditions/c004');
    expect(one.body).toMatchObject({
      code: 'C004',
      description: 'Type 2 diabetes mellitus without complications',
      definition: 'note for C004',
    });
  });

  it('accepts JSON codes (preferred over file) and lists builtin and own systems', async () => {
    const upload = await call(paid, 'POST', '/construe/upload', {
      name: 'Lab-Panels',
      version: 'v1',
      format: 'json',
      codes: [
        {
          code: 'P1',
          description: 'Basic metabolic panel',
          definition: 'Sodium, potassium, chloride',
        },
        { code: 'P2', description: 'Complete blood count' },
      ],
      file: base64('not even json'),
    });
    expect(upload.status).toBe(202);
    await waitForStatus(paid, 'LAB-PANELS', 'v1');
    const systems = await call(paid, 'GET', '/construe/codes/systems');
    const names = systems.body.systems.map((system: { name: string }) => system.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'ICD-10-CM',
        'SNOMED_CT_US_LITE',
        'LOINC',
        'CPT',
        'CLINIC_CONDITIONS',
        'LAB-PANELS',
      ]),
    );
    expect(
      systems.body.systems.find((system: { name: string }) => system.name === 'LAB-PANELS'),
    ).toEqual({
      name: 'LAB-PANELS',
      version: 'v1',
      code_count: 2,
      builtin: false,
      status: 'ready',
    });
  });

  it('searches by code prefix, by words with typos, by meaning, and extracts codes from text', async () => {
    const prefix = await call(
      paid,
      'GET',
      '/construe/codes/CLINIC_CONDITIONS/search/text?q=C00&limit=5',
    );
    expect(prefix.status).toBe(200);
    expect(prefix.body.results.map((result: { code: string }) => result.code)).toEqual([
      'C001',
      'C002',
      'C003',
      'C004',
      'C005',
    ]);

    const typo = await call(
      paid,
      'GET',
      '/construe/codes/CLINIC_CONDITIONS/search/text?q=diabetis%20melitus',
    );
    expect(typo.body.results[0].code).toBe('C004');

    const semantic = await call(
      paid,
      'GET',
      '/construe/codes/CLINIC_CONDITIONS/search/semantic?text=high%20blood%20pressure%20essential&limit=3',
    );
    expect(semantic.status).toBe(200);
    expect(semantic.body.results[0].code).toBe('C008');
    expect(semantic.body.results[0].score).toBeGreaterThan(semantic.body.results[2].score);

    const text =
      'History of essential hypertension; also type 2 diabetes mellitus without complications (C010 ruled out).';
    const extracted = await call(paid, 'POST', '/construe/extract', {
      text,
      system: 'clinic_conditions',
    });
    expect(extracted.status).toBe(200);
    const codes = extracted.body.codes as {
      code: string;
      start: number;
      end: number;
      text: string;
      matched_by: string;
    }[];
    expect(codes.map((code) => code.code)).toEqual(['C008', 'C004', 'C010']);
    for (const code of codes) expect(text.slice(code.start, code.end)).toBe(code.text);
    expect(codes[2].matched_by).toBe('code');
  });

  it('refuses builtin names (403), replacing a builtin (403), duplicates (409), and replaces on request', async () => {
    const base = { version: '1', format: 'json', codes: [{ code: 'A', description: 'Alpha' }] };
    const builtin = await call(paid, 'POST', '/construe/upload', { ...base, name: 'icd-10-cm' });
    expect(builtin.status).toBe(403);
    expect(builtin.body.error.code).toBe('CONSTRUE.BUILTIN_NAME_RESERVED');
    for (const lookalike of [
      'ICD\u201010\u2010CM',
      '\uFF29\uFF23\uFF24-10-CM',
      'C\u0420T',
      'ICD10CM',
    ]) {
      const refused = await call(paid, 'POST', '/construe/upload', { ...base, name: lookalike });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('CONSTRUE.BUILTIN_NAME_RESERVED');
    }
    const invisible = await call(paid, 'POST', '/construe/upload', {
      ...base,
      name: 'ICD-10-CM\u200B',
    });
    expect(invisible.status).toBe(400);
    expect(invisible.body.error.code).toBe('CONSTRUE.INVALID_SYSTEM_NAME');
    // The vocabulary id is an alias of the builtin system: the same answer as its name.
    const byName = await call(paid, 'DELETE', '/construe/codes/systems/ICD-10-CM');
    const byVocabularyId = await call(paid, 'DELETE', '/construe/codes/systems/ICD10CM');
    expect(byVocabularyId.status).toBe(byName.status);
    expect(byVocabularyId.body).toEqual(byName.body);
    expect(byVocabularyId.body.message).toContain('ICD-10-CM');
    const replaceBuiltin = await call(paid, 'POST', '/construe/upload', {
      ...base,
      name: 'LOINC',
      replace: true,
    });
    expect(replaceBuiltin.status).toBe(403);
    expect(replaceBuiltin.body.error.code).toBe('CONSTRUE.BUILTIN_NOT_REPLACEABLE');

    expect((await call(paid, 'POST', '/construe/upload', { ...base, name: 'dupes' })).status).toBe(
      202,
    );
    const duplicate = await call(paid, 'POST', '/construe/upload', { ...base, name: 'DUPES' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('CONSTRUE.SYSTEM_EXISTS');

    const replaced = await call(paid, 'POST', '/construe/upload', {
      ...base,
      name: 'dupes',
      codes: [{ code: 'B', description: 'Beta' }],
      replace: true,
    });
    expect(replaced.status).toBe(202);
    await waitForStatus(paid, 'DUPES', '1');
    expect((await listAll(paid, 'DUPES', '1', 20)).codes).toEqual(['B']);
  });

  it('requires the paid plan (403 PLAN_REQUIRED)', async () => {
    const response = await call(free, 'POST', '/construe/upload', {
      name: 'x',
      version: '1',
      format: 'json',
      codes: [{ code: 'A', description: 'Alpha' }],
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('PLAN_REQUIRED');
  });

  it.each([
    [
      'a CSV without the named column',
      { format: 'csv', file: base64('id,label\nA,Alpha'), code_col: 'code', desc_col: 'label' },
      /column "code"/,
      1,
    ],
    [
      'an empty code',
      {
        format: 'csv',
        file: base64('id,label\nA,Alpha\n,Beta'),
        code_col: 'id',
        desc_col: 'label',
      },
      /row 3: empty code/,
      3,
    ],
    [
      'an empty description',
      {
        format: 'json',
        codes: [
          { code: 'A', description: 'Alpha' },
          { code: 'B', description: ' ' },
        ],
      },
      /row 2: empty description/,
      2,
    ],
    [
      'a duplicate code',
      {
        format: 'json',
        codes: [
          { code: 'A', description: 'Alpha' },
          { code: 'A', description: 'Again' },
        ],
      },
      /row 2: duplicate code A/,
      2,
    ],
    [
      'bad base64',
      { format: 'csv', file: '%%%not-base64%%%', code_col: 'id', desc_col: 'label' },
      /not valid base64/,
      undefined,
    ],
    [
      'a JSON file that is not an array',
      { format: 'json', file: base64('{"code":"A"}') },
      /must hold an array/,
      undefined,
    ],
    [
      'csv without code_col',
      { format: 'csv', file: base64('id,label\nA,Alpha') },
      /code_col and desc_col are required/,
      undefined,
    ],
  ])(
    'answers 400 naming the problem for %s, and stores nothing',
    async (_label, body, message, row) => {
      const response = await call(paid, 'POST', '/construe/upload', {
        name: 'broken',
        version: '1',
        ...body,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('CONSTRUE.INVALID_UPLOAD');
      expect(response.body.message).toMatch(message);
      if (row !== undefined) expect(response.body.error.details).toEqual({ row });
      expect((await call(paid, 'GET', '/construe/codes/systems/BROKEN')).status).toBe(404);
    },
  );

  it('answers 400 for wrong types and limits out of range, and for a bad or foreign cursor', async () => {
    expect(
      (await call(paid, 'POST', '/construe/upload', { name: 5, version: '1', format: 'xml' }))
        .status,
    ).toBe(400);
    expect((await call(paid, 'GET', '/construe/codes/CLINIC_CONDITIONS?limit=501')).status).toBe(
      400,
    );
    expect((await call(paid, 'GET', '/construe/codes/CLINIC_CONDITIONS?limit=0')).status).toBe(400);
    const bad = await call(paid, 'GET', '/construe/codes/CLINIC_CONDITIONS?cursor=garbage!');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('REQUEST.INVALID_CURSOR');
    const panels = await call(paid, 'GET', '/construe/codes/LAB-PANELS?limit=1');
    const foreign = await call(
      paid,
      'GET',
      `/construe/codes/CLINIC_CONDITIONS?cursor=${panels.body.next_cursor}`,
    );
    expect(foreign.status).toBe(400);
  });

  it('asks for a version when several exist', async () => {
    expect(
      (
        await call(paid, 'POST', '/construe/upload', {
          name: 'versions',
          version: 'a',
          format: 'json',
          codes: [{ code: 'A', description: 'Alpha' }],
        })
      ).status,
    ).toBe(202);
    expect(
      (
        await call(paid, 'POST', '/construe/upload', {
          name: 'versions',
          version: 'b',
          format: 'json',
          codes: [{ code: 'B', description: 'Beta' }],
        })
      ).status,
    ).toBe(202);
    const ambiguous = await call(paid, 'GET', '/construe/codes/VERSIONS');
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error).toEqual({
      code: 'CONSTRUE.VERSION_REQUIRED',
      details: { versions: ['a', 'b'] },
    });
    expect((await call(paid, 'GET', '/construe/codes/VERSIONS?version=b')).body.codes).toEqual([
      { code: 'B', description: 'Beta' },
    ]);
  });

  it("never shows one account's systems to another", async () => {
    expect((await call(other, 'GET', '/construe/codes/systems/CLINIC_CONDITIONS')).status).toBe(
      404,
    );
    expect((await call(other, 'GET', '/construe/codes/CLINIC_CONDITIONS')).status).toBe(404);
    expect((await call(other, 'GET', '/construe/codes/CLINIC_CONDITIONS/C004')).status).toBe(404);
    expect((await call(other, 'DELETE', '/construe/codes/systems/CLINIC_CONDITIONS')).status).toBe(
      404,
    );
    const names = (await call(other, 'GET', '/construe/codes/systems')).body.systems.map(
      (system: { name: string }) => system.name,
    );
    expect(names).not.toContain('CLINIC_CONDITIONS');
    // The other account may use the same name for its own system.
    expect(
      (
        await call(other, 'POST', '/construe/upload', {
          name: 'clinic_conditions',
          version: '2026.1',
          format: 'json',
          codes: [{ code: 'Z', description: 'Zeta' }],
        })
      ).status,
    ).toBe(202);
  });

  it("keeps searches, extraction, export and feedback within the caller's account", async () => {
    // LAB-PANELS is the paid account's only; the other account has no system of that name.
    for (const path of [
      '/construe/codes/LAB-PANELS/search/text?q=blood',
      '/construe/codes/LAB-PANELS/search/semantic?text=blood%20count',
      '/construe/codes/systems/LAB-PANELS/export',
    ]) {
      expect((await call(paid, 'GET', path)).status, path).toBe(200);
      expect((await call(other, 'GET', path)).status, path).toBe(404);
    }
    const extract = { text: 'Complete blood count', system: 'LAB-PANELS' };
    expect((await call(paid, 'POST', '/construe/extract', extract)).body.codes).toHaveLength(1);
    expect((await call(other, 'POST', '/construe/extract', extract)).status).toBe(404);
    const saved = await call(paid, 'POST', '/construe/feedback', {
      text: 'Essential hypertension',
      received_result: { system: { name: 'CLINIC_CONDITIONS' }, codes: [] },
      expected_result: { system: { name: 'CLINIC_CONDITIONS' }, codes: [{ code: 'C008' }] },
      detail: 'only the clinic sees this',
    });
    expect(saved.status).toBe(201);
    const ids = async (api: Api): Promise<string[]> => {
      const listed = await call(api, 'GET', '/construe/feedback');
      return (listed.body.feedback as { id: string }[]).map((entry) => entry.id);
    };
    expect(await ids(paid)).toContain(saved.body.id);
    expect(await ids(other)).not.toContain(saved.body.id);
  });

  it('deletes a custom system, refuses to delete a builtin, and answers 404 for unknown codes', async () => {
    expect((await call(paid, 'GET', '/construe/codes/CLINIC_CONDITIONS/NOPE')).status).toBe(404);
    expect((await call(paid, 'DELETE', '/construe/codes/systems/ICD-10-CM')).status).toBe(404);
    expect((await call(paid, 'DELETE', '/construe/codes/systems/DUPES?version=1')).status).toBe(
      200,
    );
    expect((await call(paid, 'GET', '/construe/codes/DUPES')).status).toBe(404);
  });
});

describe.each(PROFILES)('construe: a failing embedder (%s profile)', (profile) => {
  let app: TestApp;
  let api: Api;
  let embeddings: Server;
  let calls = 0;

  beforeAll(async () => {
    embeddings = createServer((request, response) => {
      calls += 1;
      request.resume();
      response
        .writeHead(500, { 'Content-Type': 'application/json' })
        .end('{"error":"model overloaded"}');
    });
    await new Promise<void>((resolve) => embeddings.listen(0, '127.0.0.1', resolve));
    const port = (embeddings.address() as { port: number }).port;
    app = await startTestApp(profile, {
      EMBEDDINGS_URL: `http://127.0.0.1:${port}/v1/embeddings`,
      EMBEDDING_JOB_ATTEMPTS: '2',
      EMBEDDING_JOB_BACKOFF_MS: '20',
    });
    api = {
      baseUrl: app.baseUrl,
      token: await app.token(await app.createClient('clinic', 'paid')),
    };
  });

  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => embeddings?.close(resolve));
  });

  it('ends in failed with the reason, after the retries, and the codes stay listable', async () => {
    expect(
      (
        await call(api, 'POST', '/construe/upload', {
          name: 'doomed',
          version: '1',
          format: 'json',
          codes: [{ code: 'A', description: 'Alpha' }],
        })
      ).status,
    ).toBe(202);
    const final = await waitForStatus(api, 'DOOMED', '1');
    expect(final.status).toBe('failed');
    expect(final.error).toBe('Embedding failed: the embeddings endpoint answered 500');
    expect(calls).toBe(2);
    expect((await call(api, 'GET', '/construe/codes/DOOMED')).body.codes).toEqual([
      { code: 'A', description: 'Alpha' },
    ]);
  });
});
