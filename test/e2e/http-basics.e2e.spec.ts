import { setTimeout as delay } from 'node:timers/promises';
import { DataSource, type EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

describe.each(PROFILES)('HTTP basics (%s profile)', (profile) => {
  let api: TestApp;
  let token: string;

  beforeAll(async () => {
    api = await startTestApp(profile);
    token = await api.token(await api.createClient('acme'));
  });

  afterAll(async () => {
    await api?.close();
  });

  const createClient = (body: string, contentType = 'application/json') =>
    fetch(`${api.baseUrl}/v2/auth/clients`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType },
      body,
    });

  it('reports health of the database, and of Redis in the server profile', async () => {
    const response = await fetch(`${api.baseUrl}/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      status: string;
      details: Record<string, { status: string }>;
    };
    expect(body.status).toBe('ok');
    expect(body.details.database.status).toBe('up');
    expect(body.details.redis?.status).toBe(profile === 'server' ? 'up' : undefined);
  });

  // The embedded database is one session: a long transaction holds it, and the ping waits.
  /** Asks /health `askAfterMs` into a transaction running `hold`; the answer and whether it came before the transaction ended. */
  async function healthDuringTransaction(
    hold: (manager: EntityManager) => Promise<void>,
    askAfterMs: number,
  ) {
    let open = true;
    const transaction = api.app.get(DataSource).transaction(async (manager) => {
      await hold(manager);
      open = false;
    });
    await delay(askAfterMs);
    const response = await fetch(`${api.baseUrl}/health`);
    const answeredWhileOpen = open;
    await transaction;
    const body = (await response.json()) as { details: Record<string, unknown> };
    return { status: response.status, database: body.details.database, answeredWhileOpen };
  }

  it.runIf(profile === 'embedded')(
    'answers /health before a long transaction ends while its statements keep finishing, and says the session is busy',
    async () => {
      const health = await healthDuringTransaction(async (manager) => {
        for (let step = 0; step < 20; step++) {
          await manager.query('SELECT 1');
          await delay(100);
        }
      }, 250);
      expect(health.status).toBe(200);
      expect(health.answeredWhileOpen).toBe(true);
      expect(health.database).toEqual({ status: 'up', session: 'busy' });
    },
  );

  it.runIf(profile === 'embedded')(
    'waits for the ping when the transaction holding the session has finished nothing for a second',
    async () => {
      const health = await healthDuringTransaction(async (manager) => {
        await manager.query('SELECT 1');
        await delay(2_500);
      }, 1_200);
      expect(health.status).toBe(200);
      expect(health.answeredWhileOpen).toBe(false);
      expect(health.database).toMatchObject({ status: 'up' });
      expect(health.database).not.toHaveProperty('session');
    },
  );

  it('serves the OpenAPI document and the Swagger UI', async () => {
    const json = await fetch(`${api.baseUrl}/docs-json`);
    expect(json.status).toBe(200);
    const document = (await json.json()) as {
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/health', '/v2/auth/token', '/v2/auth/clients']),
    );
    expect(Object.keys(document.components.securitySchemes)).toEqual(
      expect.arrayContaining(['basic', 'bearer']),
    );
    const ui = await fetch(`${api.baseUrl}/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });

  it('answers 413 in the envelope for a body over the 10 MB default limit, and stores nothing', async () => {
    const oversized = JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024 + 10) });
    const response = await createClient(oversized);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      success: false,
      error: { code: 'REQUEST.BODY_TOO_LARGE' },
    });
    const listed = (await (
      await fetch(`${api.baseUrl}/v2/auth/clients`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { clients: unknown[] };
    expect(listed.clients).toHaveLength(1);
  });

  it('answers 400 naming the fields of an invalid DTO', async () => {
    const response = await createClient(JSON.stringify({ name: 42, admin: true }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      success: boolean;
      error: { code: string; details: { field: string }[] };
    };
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('REQUEST.VALIDATION_FAILED');
    expect(body.error.details.map((violation) => violation.field).sort()).toEqual([
      'admin',
      'name',
    ]);
  });

  it('answers 400 for a missing required field and for malformed JSON', async () => {
    const missing = await createClient('{}');
    expect(missing.status).toBe(400);
    expect(
      ((await missing.json()) as { error: { details: { field: string }[] } }).error.details[0]
        .field,
    ).toBe('name');
    const malformed = await createClient('{"name": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 'REQUEST.MALFORMED_BODY' } });
  });

  it('answers an unknown route with 404 in the envelope', async () => {
    const response = await fetch(`${api.baseUrl}/no/such/route`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Cannot GET /no/such/route',
      error: { code: 'ROUTE.NOT_FOUND' },
    });
  });

  it('sends security headers and echoes or makes a request id', async () => {
    const echoed = await fetch(`${api.baseUrl}/health`, {
      headers: { 'X-Request-Id': 'trace-abc.123' },
    });
    expect(echoed.headers.get('x-request-id')).toBe('trace-abc.123');
    expect(echoed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(echoed.headers.get('x-powered-by')).toBeNull();
    expect(echoed.headers.get('content-security-policy')).toContain("default-src 'self'");
    const made = await fetch(`${api.baseUrl}/health`, {
      headers: { 'X-Request-Id': 'bad id with spaces' },
    });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe.each(PROFILES)('rate limiting (%s profile)', (profile) => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp(profile, {
      RATE_LIMIT_MAX: '5',
      RATE_LIMIT_TTL_SECONDS: '60',
      BODY_LIMIT: '1kb',
    });
  });

  afterAll(async () => {
    await api?.close();
  });

  it('answers 429 in the envelope past the limit, and never limits /health', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 7; call++)
      statuses.push((await fetch(`${api.baseUrl}/v2/auth/clients`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await fetch(`${api.baseUrl}/v2/auth/clients`);
    expect(await limited.json()).toMatchObject({
      success: false,
      error: { code: 'REQUEST.RATE_LIMITED' },
    });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await fetch(`${api.baseUrl}/health`)).status).toBe(200);
  });

  it('applies a configured body limit', async () => {
    const response = await fetch(`${api.baseUrl}/health`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(2048) }),
    });
    expect(response.status).toBe(413);
  });
});
