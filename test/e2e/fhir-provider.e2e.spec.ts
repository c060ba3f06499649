import { X509Certificate, createPublicKey } from 'node:crypto';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type JsonResponse } from '../support/fhir-http.js';
import { captureStdoutLogs } from '../support/fhir-log-capture.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

const SECRET_ONE = 'first-client-secret-Zq8!x';
const SECRET_TWO = 'second-client-secret-Kp3?y';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(PROFILES)('FHIR providers API (%s profile)', (profile) => {
  let api: TestApp;
  let acme: string;
  let globex: string;
  let acmeAccountId: string;
  const logs = captureStdoutLogs();
  const responses: JsonResponse[] = [];

  beforeAll(async () => {
    process.env.FHIR_OUTBOUND_ALLOW_LOOPBACK = 'true';
    api = await startTestApp(profile, { LOG_LEVEL: 'debug', RATE_LIMIT_MAX: '100000' });
    const acmeClient = await api.createClient('acme');
    acmeAccountId = acmeClient.accountId;
    acme = await api.token(acmeClient);
    globex = await api.token(await api.createClient('globex'));
  });

  afterAll(async () => {
    logs.restore();
    delete process.env.FHIR_OUTBOUND_ALLOW_LOOPBACK;
    await api?.close();
  });

  async function send(
    method: string,
    path: string,
    token: string,
    body?: unknown,
  ): Promise<JsonResponse> {
    const response = await call(`${api.baseUrl}${path}`, {
      method,
      token,
      body,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    });
    responses.push(response);
    return response;
  }

  const provider = (auth: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    name: `ehr-${Math.random().toString(36).slice(2, 8)}`,
    provider: 'hapi',
    base_url: 'https://fhir.example.org/r4/',
    auth,
    ...extra,
  });

  describe('the sandbox provider', () => {
    it('exists for every account without being created, in the sandbox shape', async () => {
      const listed = await send('GET', '/fhir-provider/list', acme);
      expect(listed.status).toBe(200);
      expect(listed.body.success).toBe(true);
      const sandbox = listed.body.fhir_providers[0];
      expect(sandbox).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'sandbox',
        provider: 'sandbox',
        description: expect.any(String),
        base_url: `${api.baseUrl}/fhir/sandbox`,
      });
      const single = await send('GET', `/fhir-provider/${sandbox.id}`, acme);
      expect(single.body.data).toEqual(sandbox);
      const others = await send('GET', '/fhir-provider/list', globex);
      expect(others.body.fhir_providers[0].id).not.toBe(sandbox.id);
      expect((await send('GET', `/fhir-provider/${sandbox.id}`, globex)).status).toBe(404);
    });

    it('answers 403 to every change', async () => {
      const sandboxId = (await send('GET', '/fhir-provider/list', acme)).body.fhir_providers[0].id;
      const changes: [string, string, unknown][] = [
        ['DELETE', `/fhir-provider/${sandboxId}`, undefined],
        ['PATCH', `/fhir-provider/${sandboxId}/add-auth-config`, { auth_method: 'none' }],
        ['PATCH', `/fhir-provider/${sandboxId}/add-auth-config`, { auth_method: 'bogus' }],
        ['PATCH', `/fhir-provider/${sandboxId}/remove-auth-config`, { auth_config_id: UNKNOWN_ID }],
        [
          'PATCH',
          `/fhir-provider/${sandboxId}/set-active-auth-config`,
          { auth_config_id: UNKNOWN_ID },
        ],
        ['POST', '/fhir-provider', provider({ auth_method: 'none' }, { provider: 'sandbox' })],
      ];
      for (const [method, path, body] of changes) {
        const response = await send(method, path, acme, body);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.error.code).toBe('FHIR_PROVIDER.SANDBOX_READ_ONLY');
      }
    });
  });

  describe('key rotation', () => {
    it('adds two configurations, switches the active one, removes the inactive one', async () => {
      const created = await send(
        'POST',
        '/fhir-provider',
        acme,
        provider(
          { auth_method: 'client_secret', client_id: 'ehr-client', client_secret: SECRET_ONE },
          { description: 'main EHR' },
        ),
      );
      expect(created.status).toBe(201);
      const data = created.body.data;
      expect(data).toMatchObject({
        name: expect.any(String),
        description: 'main EHR',
        provider: 'hapi',
        base_url: 'https://fhir.example.org/r4',
        client_id: 'ehr-client',
        last_updated: expect.any(String),
      });
      const [firstId] = Object.keys(data.auth_configs);
      expect(data.auth_configs[firstId]).toEqual({
        auth_config_id: firstId,
        auth_method: 'client_secret',
        is_active_auth_config: true,
        client_id: 'ehr-client',
        role: 'read',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });

      const added = await send('PATCH', `/fhir-provider/${data.id}/add-auth-config`, acme, {
        auth_method: 'client_secret',
        client_id: 'ehr-client-2',
        client_secret: SECRET_TWO,
        scopes: 'system/Patient.read  system/Observation.read',
        credential_expiry: '2999-01-01T00:00:00Z',
      });
      expect(added.status).toBe(200);
      const secondId = Object.keys(added.body.data.auth_configs).find((id) => id !== firstId)!;
      expect(added.body.data.auth_configs[secondId]).toMatchObject({
        is_active_auth_config: false,
        scopes: 'system/Patient.read system/Observation.read',
        credential_expiry: '2999-01-01T00:00:00.000Z',
      });
      // A value the configuration does not have is left out, not null (the public API document).
      expect(added.body.data.auth_configs[secondId]).not.toHaveProperty('role');
      expect(added.body.data.auth_configs[firstId]).not.toHaveProperty('scopes');
      expect(added.body.data.auth_configs[firstId].is_active_auth_config).toBe(true);

      const switched = await send(
        'PATCH',
        `/fhir-provider/${data.id}/set-active-auth-config`,
        acme,
        {
          auth_config_id: secondId,
        },
      );
      expect(switched.status).toBe(200);
      expect(switched.body.data.auth_configs[secondId].is_active_auth_config).toBe(true);
      expect(switched.body.data.auth_configs[firstId].is_active_auth_config).toBe(false);
      expect(switched.body.data.client_id).toBe('ehr-client-2');
      const again = await send('PATCH', `/fhir-provider/${data.id}/set-active-auth-config`, acme, {
        auth_config_id: secondId,
      });
      expect(again.status).toBe(200);

      const refused = await send('PATCH', `/fhir-provider/${data.id}/remove-auth-config`, acme, {
        auth_config_id: secondId,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('FHIR_PROVIDER.ACTIVE_AUTH_CONFIG');

      const removed = await send('PATCH', `/fhir-provider/${data.id}/remove-auth-config`, acme, {
        auth_config_id: firstId,
      });
      expect(removed.status).toBe(200);
      expect(Object.keys(removed.body.data.auth_configs)).toEqual([secondId]);

      const fetched = await send('GET', `/fhir-provider/${data.id}`, acme);
      expect(fetched.body.data).toEqual(removed.body.data);
      const listed = await send('GET', '/fhir-provider/list', acme);
      expect(listed.body.fhir_providers.map((item: { id: string }) => item.id)).toContain(data.id);

      const unknownConfig = await send(
        'PATCH',
        `/fhir-provider/${data.id}/remove-auth-config`,
        acme,
        {
          auth_config_id: UNKNOWN_ID,
        },
      );
      expect(unknownConfig.status).toBe(404);

      expect((await send('DELETE', `/fhir-provider/${data.id}`, acme)).status).toBe(200);
      expect((await send('GET', `/fhir-provider/${data.id}`, acme)).status).toBe(404);
    });

    it('publishes a key pair per jwt configuration in one JWKS, and a certificate of it', async () => {
      const created = await send(
        'POST',
        '/fhir-provider',
        acme,
        provider({ auth_method: 'jwt', client_id: 'backend' }),
      );
      expect(created.status).toBe(201);
      const config = Object.values(created.body.data.auth_configs)[0] as Record<string, any>;
      expect(config.json_web_key).toEqual({
        kty: 'RSA',
        n: expect.any(String),
        e: 'AQAB',
        kid: expect.any(String),
        alg: 'RS384',
        use: 'sig',
      });
      const certificate = new X509Certificate(config.public_key_cert_pem);
      const jwkKey = createPublicKey({ key: config.json_web_key, format: 'jwk' });
      expect(certificate.publicKey.equals(jwkKey)).toBe(true);
      expect(certificate.verify(jwkKey)).toBe(true);
      expect(config.jwks_url).toBe(
        `${api.baseUrl}/fhir-provider/${created.body.data.id}/jwks.json`,
      );

      const added = await send(
        'PATCH',
        `/fhir-provider/${created.body.data.id}/add-auth-config`,
        acme,
        {
          auth_method: 'jwt',
          client_id: 'backend',
        },
      );
      const kids = Object.values(added.body.data.auth_configs).map((item: any) =>
        String(item.json_web_key.kid),
      );
      expect(new Set(kids).size).toBe(2);
      const jwks = await call(config.jwks_url);
      expect(jwks.status).toBe(200);
      expect(jwks.body.keys.map((key: { kid: string }) => key.kid)).toEqual(kids);
      expect(JSON.stringify(jwks.body)).not.toMatch(/"d"|PRIVATE/);
      expect((await call(`${api.baseUrl}/fhir-provider/${UNKNOWN_ID}/jwks.json`)).status).toBe(404);
    });
  });

  describe('tenancy', () => {
    it("answers 404 for another account's provider, whatever the operation", async () => {
      const created = await send('POST', '/fhir-provider', acme, provider({ auth_method: 'none' }));
      const id = created.body.data.id;
      const configId = Object.keys(created.body.data.auth_configs)[0];
      for (const [method, path, body] of [
        ['GET', `/fhir-provider/${id}`, undefined],
        ['DELETE', `/fhir-provider/${id}`, undefined],
        ['PATCH', `/fhir-provider/${id}/add-auth-config`, { auth_method: 'none' }],
        ['PATCH', `/fhir-provider/${id}/remove-auth-config`, { auth_config_id: configId }],
        ['PATCH', `/fhir-provider/${id}/set-active-auth-config`, { auth_config_id: configId }],
      ] as [string, string, unknown][]) {
        const response = await send(method, path, globex, body);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body.error.code).toBe('FHIR_PROVIDER.NOT_FOUND');
        expect(response.text).not.toContain(created.body.data.name);
      }
      const globexList = await send('GET', '/fhir-provider/list', globex);
      expect(globexList.body.fhir_providers.map((item: { id: string }) => item.id)).not.toContain(
        id,
      );
      expect(
        (await send('GET', `/fhir-provider/${id}`, acme)).body.data.auth_configs[configId],
      ).toBeDefined();
      expect((await send('GET', `/fhir-provider/${UNKNOWN_ID}`, acme)).status).toBe(404);
      expect((await send('GET', '/fhir-provider/not-a-uuid', acme)).status).toBe(404);
    });
  });

  describe('bad input is a 4xx naming the problem', () => {
    it.each([
      [
        'role and scopes together',
        provider({
          auth_method: 'client_secret',
          client_id: 'a',
          client_secret: 'b',
          role: 'read',
          scopes: 'x',
        }),
        400,
        'FHIR_PROVIDER.ROLE_AND_SCOPES',
      ],
      [
        'a role with token_passthrough',
        provider({ auth_method: 'token_passthrough', role: 'admin' }),
        400,
        'FHIR_PROVIDER.ROLE_OR_SCOPES_NOT_ALLOWED',
      ],
      [
        'scopes with none',
        provider({ auth_method: 'none', scopes: 'a b' }),
        400,
        'FHIR_PROVIDER.ROLE_OR_SCOPES_NOT_ALLOWED',
      ],
      [
        'client_secret without a secret',
        provider({ auth_method: 'client_secret', client_id: 'a' }),
        400,
        'FHIR_PROVIDER.CLIENT_SECRET_REQUIRED',
      ],
      [
        'jwt without a client_id',
        provider({ auth_method: 'jwt' }),
        400,
        'FHIR_PROVIDER.CLIENT_ID_REQUIRED',
      ],
      [
        'jwt with a secret',
        provider({ auth_method: 'jwt', client_id: 'a', client_secret: 'b' }),
        400,
        'FHIR_PROVIDER.CLIENT_SECRET_NOT_ALLOWED',
      ],
      [
        'an unknown auth method',
        provider({ auth_method: 'magic' }),
        400,
        'REQUEST.VALIDATION_FAILED',
      ],
      [
        'an unknown role',
        provider({ auth_method: 'jwt', client_id: 'a', role: 'root' }),
        400,
        'REQUEST.VALIDATION_FAILED',
      ],
      [
        'a field that does not exist',
        provider({ auth_method: 'none', private_key: 'x' }),
        400,
        'REQUEST.VALIDATION_FAILED',
      ],
      [
        'a credential expiry that is not a date',
        provider({ auth_method: 'none', credential_expiry: 'soon' }),
        400,
        'REQUEST.VALIDATION_FAILED',
      ],
      [
        'a credential expiry in the past',
        provider({ auth_method: 'none', credential_expiry: '2001-01-01T00:00:00Z' }),
        400,
        'FHIR_PROVIDER.CREDENTIAL_ALREADY_EXPIRED',
      ],
      [
        'an unknown provider type',
        provider({ auth_method: 'none' }, { provider: 'nextgen' }),
        400,
        'REQUEST.VALIDATION_FAILED',
      ],
      [
        'a missing auth',
        { name: 'x', provider: 'hapi', base_url: 'https://x.org' },
        400,
        'REQUEST.VALIDATION_FAILED',
      ],
      [
        'a name of the wrong type',
        provider({ auth_method: 'none' }, { name: 42 }),
        400,
        'REQUEST.VALIDATION_FAILED',
      ],
      [
        'a base_url that is not a URL',
        provider({ auth_method: 'none' }, { base_url: 'fhir server' }),
        400,
        'FHIR_PROVIDER.INVALID_BASE_URL',
      ],
      [
        'a base_url with credentials',
        provider({ auth_method: 'none' }, { base_url: 'https://u:p@x.org/fhir' }),
        400,
        'FHIR_PROVIDER.INVALID_BASE_URL',
      ],
      [
        'a base_url on the metadata address',
        provider({ auth_method: 'none' }, { base_url: 'http://169.254.169.254/latest' }),
        400,
        'FHIR_PROVIDER.TARGET_REFUSED',
      ],
      [
        'a base_url on the metadata host name',
        provider(
          { auth_method: 'none' },
          { base_url: 'http://metadata.google.internal/computeMetadata/v1' },
        ),
        400,
        'FHIR_PROVIDER.TARGET_REFUSED',
      ],
      [
        'a link-local base_url',
        provider({ auth_method: 'none' }, { base_url: 'http://169.254.10.20/fhir' }),
        400,
        'FHIR_PROVIDER.TARGET_REFUSED',
      ],
      [
        'a link-local IPv6 base_url',
        provider({ auth_method: 'none' }, { base_url: 'http://[fe80::1]/fhir' }),
        400,
        'FHIR_PROVIDER.TARGET_REFUSED',
      ],
      [
        'a token_url on the metadata address',
        provider({
          auth_method: 'client_secret',
          client_id: 'a',
          client_secret: 'b',
          token_url: 'http://169.254.169.254/token',
        }),
        400,
        'FHIR_PROVIDER.TARGET_REFUSED',
      ],
      [
        'the reserved name sandbox',
        provider({ auth_method: 'none' }, { name: 'Sandbox' }),
        409,
        'FHIR_PROVIDER.NAME_TAKEN',
      ],
    ])('%s', async (_label, body, status, code) => {
      const response = await send('POST', '/fhir-provider', acme, body);
      expect(response.status).toBe(status);
      expect(response.body.error.code).toBe(code);
      expect(response.body.message.length).toBeGreaterThan(10);
    });

    it('a name already used by the account (409), and a bad auth_config_id (400)', async () => {
      const body = provider({ auth_method: 'none' });
      expect((await send('POST', '/fhir-provider', acme, body)).status).toBe(201);
      const duplicate = await send('POST', '/fhir-provider', acme, {
        ...body,
        name: body.name.toUpperCase(),
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.error.code).toBe('FHIR_PROVIDER.NAME_TAKEN');
      expect((await send('POST', '/fhir-provider', globex, body)).status).toBe(201);
      const id = (await send('GET', '/fhir-provider/list', acme)).body.fhir_providers.find(
        (item: { name: string }) => item.name === body.name,
      ).id;
      const badId = await send('PATCH', `/fhir-provider/${id}/set-active-auth-config`, acme, {
        auth_config_id: 'first',
      });
      expect(badId.status).toBe(400);
      expect(badId.body.error.details[0].field).toBe('auth_config_id');
    });
  });

  it('documents the endpoints in OpenAPI, every schema reference resolving', async () => {
    const document = (await call(`${api.baseUrl}/docs-json`)).body;
    for (const path of [
      '/fhir-provider',
      '/fhir-provider/list',
      '/fhir-provider/{id}',
      '/fhir-provider/{id}/add-auth-config',
      '/fhir-provider/{id}/remove-auth-config',
      '/fhir-provider/{id}/set-active-auth-config',
      '/fhir-provider/{id}/jwks.json',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect(Object.keys(document.paths).some((path) => path.startsWith('/fhir/sandbox'))).toBe(true);
    const references = [...JSON.stringify(document).matchAll(/"#\/components\/schemas\/([^"]+)"/g)];
    for (const [, name] of references)
      expect(document.components.schemas[name], name).toBeDefined();
  });

  describe('secrets', () => {
    it('are encrypted at rest and absent from every response and from the logs', async () => {
      const kept = await send(
        'POST',
        '/fhir-provider',
        acme,
        provider({ auth_method: 'on_behalf_of', client_id: 'obo', client_secret: SECRET_ONE }),
      );
      expect(kept.status).toBe(201);
      const rows: { encrypted_secret: string | null; encrypted_private_key: string | null }[] =
        await api.app
          .get(DataSource)
          .query('SELECT encrypted_secret, encrypted_private_key FROM fhir_provider_auth_config');
      const stored = JSON.stringify(rows);
      expect(rows.some((row) => row.encrypted_secret?.startsWith('v1.'))).toBe(true);
      expect(rows.some((row) => row.encrypted_private_key?.startsWith('v1.'))).toBe(true);
      expect(stored).not.toContain(SECRET_ONE);
      expect(stored).not.toContain(SECRET_TWO);
      expect(stored).not.toContain('PRIVATE KEY');

      expect(responses.length).toBeGreaterThan(30);
      for (const response of responses) {
        expect(response.text).not.toContain(SECRET_ONE);
        expect(response.text).not.toContain(SECRET_TWO);
        expect(response.text).not.toMatch(/PRIVATE KEY|encrypted_|"v1\./);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const logged = logs.text();
      expect(logged).toContain('/fhir-provider');
      expect(logged).not.toContain(SECRET_ONE);
      expect(logged).not.toContain(SECRET_TWO);
      expect(logged).not.toContain('PRIVATE KEY');
      void acmeAccountId;
    });
  });
});
