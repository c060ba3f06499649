import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureStdoutLogs } from '../support/fhir-log-capture.js';
import { FhirTestServer } from '../support/fhir-test-server.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

const SETTINGS = { FHIR_OUTBOUND_ALLOW_LOOPBACK: 'true', FHIR_CLIENT_RETRY_BASE_MS: '20' };
const SECRET = 'gateway-s3cr3t-Vq9!z';
const PASSTHROUGH_TOKEN = 'caller-token-gw-7781';

interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: any;
}

interface Send {
  (
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string>; raw?: string },
  ): Promise<Exchange>;
  /** Follows a link found in an answer (a bundle's next link). */
  follow(url: string): Promise<Exchange>;
  base: string;
}

/** A FHIR base reached over HTTP with fixed headers (a bearer token, X-Service-… headers). */
function sender(base: string, headers: Record<string, string>): Send {
  const request = async (
    method: string,
    url: string,
    init: { body?: unknown; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<Exchange> => {
    const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
    const response = await fetch(url, {
      method,
      headers: {
        ...headers,
        ...(body === undefined ? {} : { 'Content-Type': 'application/fhir+json' }),
        ...init.headers,
      },
      body,
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
  };
  const send = ((method, path, init) =>
    request(method, path === '' ? base : `${base}/${path}`, init)) as Send;
  send.follow = (url) => request('GET', url);
  send.base = base;
  return send;
}

/**
 * The same FHIR interactions, run once directly against a server and once through the
 * gateway: create, read, update (If-Match), conditional create (If-None-Exist), search with
 * paging, JSON Patch, transaction, delete, read after delete. `tag` keeps the runs apart.
 */
async function scenario(send: Send, tag: string): Promise<Exchange[]> {
  const answers: Exchange[] = [];
  const keep = (exchange: Exchange) => (answers.push(exchange), exchange);
  const identifier = [{ system: 'urn:test:gateway', value: tag }];
  const created = keep(
    await send('POST', 'Patient', {
      body: { resourceType: 'Patient', identifier, name: [{ family: tag, given: ['Ann'] }] },
    }),
  );
  const id = created.body.id as string;
  keep(await send('GET', `Patient/${id}`));
  keep(
    await send('PUT', `Patient/${id}`, {
      headers: { 'If-Match': created.headers.etag },
      body: { resourceType: 'Patient', id, identifier, name: [{ family: tag }], gender: 'female' },
    }),
  );
  keep(
    await send('PUT', `Patient/${id}`, {
      headers: { 'If-Match': 'W/"999"' },
      body: { resourceType: 'Patient', id, identifier, name: [{ family: tag }] },
    }),
  );
  keep(
    await send('POST', 'Patient', {
      headers: { 'If-None-Exist': `identifier=urn:test:gateway|${tag}` },
      body: { resourceType: 'Patient', identifier, name: [{ family: 'Duplicate' }] },
    }),
  );
  await send('POST', 'Patient', { body: { resourceType: 'Patient', name: [{ family: tag }] } });
  const page = keep(await send('GET', `Patient?family=${tag}&_count=1`));
  const next = (page.body.link as { relation: string; url: string }[] | undefined)?.find(
    (link) => link.relation === 'next',
  );
  if (next) keep(await send.follow(next.url));
  keep(
    await send('PATCH', `Patient/${id}`, {
      headers: { 'Content-Type': 'application/json-patch+json' },
      raw: JSON.stringify([{ op: 'replace', path: '/gender', value: 'other' }]),
    }),
  );
  keep(
    await send('PATCH', `Patient/${id}`, {
      body: {
        resourceType: 'Parameters',
        parameter: [
          {
            name: 'operation',
            part: [
              { name: 'type', valueCode: 'add' },
              { name: 'path', valueString: 'Patient' },
              { name: 'name', valueString: 'birthDate' },
              { name: 'value', valueDate: '1990-04-05' },
            ],
          },
          {
            name: 'operation',
            part: [
              { name: 'type', valueCode: 'replace' },
              { name: 'path', valueString: 'Patient.name[0].family' },
              { name: 'value', valueString: `${tag}-patched` },
            ],
          },
        ],
      },
    }),
  );
  keep(
    await send('POST', '', {
      body: {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          {
            fullUrl: 'urn:uuid:4b0c5b8e-1f0a-4d51-9c36-2a1b7c3d9e01',
            request: { method: 'POST', url: 'Patient' },
            resource: { resourceType: 'Patient', name: [{ family: `${tag}-tx` }] },
          },
          {
            request: { method: 'POST', url: 'Observation' },
            resource: {
              resourceType: 'Observation',
              status: 'final',
              code: { text: 'weight' },
              subject: { reference: 'urn:uuid:4b0c5b8e-1f0a-4d51-9c36-2a1b7c3d9e01' },
            },
          },
        ],
      },
    }),
  );
  keep(await send('DELETE', `Patient/${id}`));
  keep(await send('GET', `Patient/${id}`));
  keep(await send('GET', 'Patient/does-not-exist-42'));
  return answers;
}

/**
 * What must agree between the direct run and the gateway run: statuses, the FHIR headers
 * and bodies, with what differs by nature (ids, times, the run's tag, the base URL) replaced
 * by placeholders in order of appearance.
 */
function comparable(answers: Exchange[], tag: string, bases: string[]): unknown {
  const ids = new Map<string, string>();
  const text = JSON.stringify(
    answers.map((answer) => ({
      status: answer.status,
      contentType: /json/.test(answer.headers['content-type'] ?? '') ? 'json' : 'other',
      etag: answer.headers.etag,
      location: answer.headers.location,
      lastModified: answer.headers['last-modified'] === undefined ? undefined : 'present',
      body: answer.body,
    })),
  );
  return JSON.parse(
    bases
      .reduce((replaced, base) => replaced.split(base).join('BASE'), text)
      .split(tag)
      .join('TAG')
      .replace(/"lastUpdated":"[^"]+"/g, '"lastUpdated":"T"')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
        if (!ids.has(id)) ids.set(id, `ID${ids.size}`);
        return ids.get(id)!;
      }),
  );
}

describe.each(PROFILES)('FHIR gateway (%s profile)', (profile) => {
  let api: TestApp;
  let server: FhirTestServer;
  let token: string;
  let sandboxId: string;
  let logs: ReturnType<typeof captureStdoutLogs>;

  beforeAll(async () => {
    Object.assign(process.env, SETTINGS);
    logs = captureStdoutLogs();
    server = await new FhirTestServer().start();
    api = await startTestApp(profile, { RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'info' });
    token = await api.token(await api.createClient('acme'));
    const listed = await fetch(`${api.baseUrl}/fhir-provider/list`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const providers = (
      (await listed.json()) as { fhir_providers: { id: string; provider: string }[] }
    ).fhir_providers;
    sandboxId = providers.find((provider) => provider.provider === 'sandbox')!.id;
  });

  afterAll(async () => {
    for (const name of Object.keys(SETTINGS)) delete process.env[name];
    logs?.restore();
    await api?.close();
    await server?.close();
  });

  async function register(auth: Record<string, unknown>, kind = 'hapi'): Promise<string> {
    const response = await fetch(`${api.baseUrl}/fhir-provider`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: `gw-${Math.random().toString(36).slice(2, 8)}`,
        provider: kind,
        base_url: server.fhirBase,
        auth,
      }),
    });
    const body = (await response.json()) as { data: { id: string } };
    expect(response.status, JSON.stringify(body)).toBe(201);
    return body.data.id;
  }

  const gateway = (provider: string, headers: Record<string, string> = {}) =>
    sender(`${api.baseUrl}/fhir-provider/${provider}/fhir`, {
      Authorization: `Bearer ${token}`,
      ...headers,
    });

  /** Runs the scenario both ways; `upstream` is the server's own base (in fullUrl and Location). */
  async function sameThroughGateway(direct: Send, proxied: Send, upstream = direct.base) {
    const directTag = `Direct${Math.random().toString(36).slice(2, 8)}`;
    const proxiedTag = `Proxied${Math.random().toString(36).slice(2, 8)}`;
    const directAnswers = await scenario(direct, directTag);
    const proxiedAnswers = await scenario(proxied, proxiedTag);
    expect(comparable(proxiedAnswers, proxiedTag, [proxied.base, upstream])).toEqual(
      comparable(directAnswers, directTag, [direct.base]),
    );
    return { directAnswers, proxiedAnswers };
  }

  it('sandbox: the scenario gives the same answers through the gateway as on /fhir/sandbox', async () => {
    const direct = sender(`${api.baseUrl}/fhir/sandbox`, { Authorization: `Bearer ${token}` });
    const { proxiedAnswers } = await sameThroughGateway(direct, gateway(sandboxId));
    // The paging link goes through the gateway, and the next page was reached through it.
    const search = proxiedAnswers.find((answer) => answer.body?.type === 'searchset');
    const next = search?.body.link?.find((link: { relation: string }) => link.relation === 'next');
    expect(next?.url.startsWith(`${api.baseUrl}/fhir-provider/${sandboxId}/fhir/Patient?`)).toBe(
      true,
    );
    expect(proxiedAnswers.filter((answer) => answer.body?.type === 'searchset')).toHaveLength(2);
    // The FHIRPath Patch was applied by the sandbox behind the gateway.
    expect(proxiedAnswers.some((answer) => answer.body?.birthDate === '1990-04-05')).toBe(true);
    expect(proxiedAnswers.map((answer) => answer.status).slice(0, 5)).toEqual([
      201, 200, 200, 412, 200,
    ]);
    const byName = await gateway('sandbox')('GET', 'Patient?_count=1');
    expect(byName.status).toBe(200);
    expect(byName.body.resourceType).toBe('Bundle');
  });

  it('none: the same answers through the gateway as directly on the second server', async () => {
    server.requireAuth = false;
    try {
      const provider = await register({ auth_method: 'none' });
      const { proxiedAnswers } = await sameThroughGateway(
        sender(server.fhirBase, {}),
        gateway(provider),
      );
      const search = proxiedAnswers.find((answer) => answer.body?.type === 'searchset');
      const next = search?.body.link?.find(
        (link: { relation: string }) => link.relation === 'next',
      );
      expect(next?.url.startsWith(`${api.baseUrl}/fhir-provider/${provider}/fhir/Patient?`)).toBe(
        true,
      );
      // JSON Patch and FHIRPath Patch reached the server and were applied there.
      expect(proxiedAnswers.some((answer) => answer.body?.gender === 'other')).toBe(true);
      expect(
        proxiedAnswers.some(
          (answer) => answer.body?.birthDate === '1990-04-05' && answer.body?.gender === 'other',
        ),
      ).toBe(true);
    } finally {
      server.requireAuth = true;
    }
  });

  it('client_secret: the server receives the token it issued for the secret; same answers', async () => {
    server.registerSecretClient('gw-client', SECRET);
    const provider = await register({
      auth_method: 'client_secret',
      client_id: 'gw-client',
      client_secret: SECRET,
    });
    server.acceptToken('direct-token-gw');
    const before = server.fhirRequests.length;
    const tokensBefore = server.tokenRequests.length;
    await sameThroughGateway(
      sender(server.fhirBase, { Authorization: 'Bearer direct-token-gw' }),
      gateway(provider),
    );
    const proxied = server.fhirRequests
      .slice(before)
      .filter((request) => request.authorization !== 'Bearer direct-token-gw');
    expect(proxied.length).toBeGreaterThan(5);
    expect(proxied.every((request) => /^Bearer .+/.test(request.authorization ?? ''))).toBe(true);
    // One token for the whole run: cached between requests.
    expect(server.tokenRequests.slice(tokensBefore)).toEqual([
      expect.objectContaining({ clientId: 'gw-client', method: 'client_secret_basic' }),
    ]);
  });

  it('jwt: the SMART backend assertion is verified by the server; requests pass', async () => {
    const response = await fetch(`${api.baseUrl}/fhir-provider`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'gw-jwt',
        provider: 'hapi',
        base_url: server.fhirBase,
        auth: { auth_method: 'jwt', client_id: 'gw-backend', scopes: 'system/Patient.rs' },
      }),
    });
    const provider = ((await response.json()) as any).data;
    server.registerJwtClient(
      'gw-backend',
      (Object.values(provider.auth_configs)[0] as { jwks_url: string }).jwks_url,
    );
    const tokensBefore = server.tokenRequests.length;
    const created = await gateway(provider.id)('POST', 'Patient', {
      body: { resourceType: 'Patient', name: [{ family: 'GwJwt' }] },
    });
    expect(created.status).toBe(201);
    const read = await gateway(provider.id)('GET', `Patient%2F${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(created.body.id);
    expect(server.tokenRequests.slice(tokensBefore)).toEqual([
      expect.objectContaining({ clientId: 'gw-backend', method: 'private_key_jwt' }),
    ]);
  });

  it('token_passthrough and on_behalf_of: the caller headers reach the server', async () => {
    const passthrough = await register({ auth_method: 'token_passthrough' });
    server.acceptToken(PASSTHROUGH_TOKEN);
    const withToken = await gateway(passthrough, {
      'X-Service-Fhir-Provider': `${passthrough}:${PASSTHROUGH_TOKEN}`,
    })('GET', 'Patient?_count=1');
    expect(withToken.status).toBe(200);
    expect(server.fhirRequests.at(-1)?.authorization).toBe(`Bearer ${PASSTHROUGH_TOKEN}`);
    // The server checks the token: one it does not know is refused there, and its 401 comes back.
    const unknownToken = await gateway(passthrough, {
      'X-Service-Fhir-Provider': `${passthrough}:not-a-known-token`,
    })('GET', 'Patient?_count=1');
    expect(unknownToken.status).toBe(401);
    expect(unknownToken.body.resourceType).toBe('OperationOutcome');
    const without = await gateway(passthrough)('GET', 'Patient?_count=1');
    expect(without.status).toBe(400);
    expect(without.body.error?.code ?? without.body.code).toBe(
      'FHIR_PROVIDER.PASSTHROUGH_TOKEN_REQUIRED',
    );

    server.registerSecretClient('gw-obo', 'gw-obo-secret-55');
    const obo = await register({
      auth_method: 'on_behalf_of',
      client_id: 'gw-obo',
      client_secret: 'gw-obo-secret-55',
    });
    const tokensBefore = server.tokenRequests.length;
    const onBehalf = await gateway(obo, { 'X-Service-On-Behalf-Of': 'Practitioner/dr-7' })(
      'GET',
      'Patient?_count=1',
    );
    expect(onBehalf.status).toBe(200);
    expect(server.fhirRequests.at(-1)?.headers['x-on-behalf-of']).toBe('Practitioner/dr-7');
    // The token endpoint checked the client secret before issuing the token the server accepted.
    expect(server.tokenRequests.slice(tokensBefore)).toEqual([
      expect.objectContaining({ clientId: 'gw-obo', method: 'client_secret_basic' }),
    ]);
    expect(server.fhirRequests.at(-1)?.authorization).toMatch(/^Bearer .+/);
    expect(server.fhirRequests.at(-1)?.authorization).not.toBe(`Bearer ${PASSTHROUGH_TOKEN}`);
    const badHeader = await gateway(obo, { 'X-Service-On-Behalf-Of': 'Group/1' })('GET', 'Patient');
    expect(badHeader.status).toBe(400);
  });

  it('google_healthcare: the JWT-bearer grant (test token URI as token_uri) reaches the server', async () => {
    // The key file's token_uri points at the test's token endpoint: Google's own is not reachable offline.
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    server.registerServiceAccount(
      'gw-svc@project.iam.gserviceaccount.com',
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    );
    const provider = await register(
      {
        auth_method: 'google_healthcare',
        service_account_key: {
          type: 'service_account',
          client_email: 'gw-svc@project.iam.gserviceaccount.com',
          private_key_id: 'gw-key-1',
          private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          token_uri: server.tokenUrl,
        },
      },
      'google_healthcare',
    );
    const tokensBefore = server.tokenRequests.length;
    const created = await gateway(provider)('POST', 'Patient', {
      body: { resourceType: 'Patient', name: [{ family: 'GwGoogle' }] },
    });
    expect(created.status).toBe(201);
    const read = await gateway(provider)('GET', `Patient/${created.body.id}`);
    expect(read.body.name[0].family).toBe('GwGoogle');
    expect(server.tokenRequests.slice(tokensBefore)).toEqual([
      expect.objectContaining({
        clientId: 'gw-svc@project.iam.gserviceaccount.com',
        method: 'jwt_bearer_grant',
      }),
    ]);
    expect(server.refusals).toEqual([]);
  });

  it('upstream OperationOutcomes and statuses come back unchanged; search parameters verbatim', async () => {
    const provider = await register({ auth_method: 'none' });
    server.requireAuth = false;
    try {
      const before = server.fhirRequests.length;
      const query = 'Patient?name=John%20Doe&birthdate=ge2001-01-01&_sort=-_lastUpdated&_count=3';
      await gateway(provider)('GET', query);
      expect(server.fhirRequests[before].url).toBe(`/fhir/${query}`);
      const missing = await gateway(provider)('GET', 'Patient/nope-1');
      const direct = await sender(server.fhirBase, {})('GET', 'Patient/nope-1');
      expect(missing.status).toBe(direct.status);
      expect(missing.body).toEqual(direct.body);
      expect(missing.body.resourceType).toBe('OperationOutcome');
    } finally {
      server.requireAuth = true;
    }
    const unknown = await gateway('00000000-0000-4000-8000-000000000000')('GET', 'Patient');
    expect(unknown.status).toBe(404);
    const climbing = await gateway(provider)('GET', '..%2F..%2Fadmin');
    expect(climbing.status).toBe(400);
  });

  it('no secret appears in the log', () => {
    const text = logs.text();
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [SECRET, PASSTHROUGH_TOKEN, 'gw-obo-secret-55', 'direct-token-gw']) {
      expect(text).not.toContain(secret);
    }
  });
});
