import { generateKeyPairSync } from 'node:crypto';
import type { Patient } from '@medplum/fhirtypes/dist/index.d.ts';
import type { FhirClient } from '@app/fhir';
import {
  FhirClients,
  parseProviderTokens,
  ProviderDirectory,
  type FhirClientOptions,
} from '@app/fhir-provider';
import { expectedFailure, type ExpectedFailure } from '@app/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../support/fhir-http.js';
import { FhirTestServer } from '../support/fhir-test-server.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

const SETTINGS = {
  FHIR_OUTBOUND_ALLOW_LOOPBACK: 'true',
  FHIR_CLIENT_RETRY_BASE_MS: '20',
  FHIR_CLIENT_MAX_RETRY_DELAY_MS: '2000',
  FHIR_CLIENT_TIMEOUT_MS: '1500',
};

const patient = (family: string): Patient => ({ resourceType: 'Patient', name: [{ family }] });

/** How the API answers the failure a call ends with (status, code, message, details, headers). */
async function failure(work: Promise<unknown>): Promise<ExpectedFailure> {
  try {
    await work;
  } catch (error) {
    const expected = expectedFailure(error);
    if (expected) return expected;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe.each(PROFILES)(
  'FHIR client and auth methods against a real FHIR server (%s profile)',
  (profile) => {
    let api: TestApp;
    let server: FhirTestServer;
    let token: string;
    let accountId: string;
    let otherAccountId: string;

    beforeAll(async () => {
      Object.assign(process.env, SETTINGS);
      server = await new FhirTestServer().start();
      api = await startTestApp(profile, { RATE_LIMIT_MAX: '100000' });
      const acme = await api.createClient('acme');
      accountId = acme.accountId;
      token = await api.token(acme);
      otherAccountId = (await api.createClient('globex')).accountId;
    });

    afterAll(async () => {
      for (const name of Object.keys(SETTINGS)) delete process.env[name];
      await api?.close();
      await server?.close();
    });

    beforeEach(() => {
      server.requireAuth = true;
      server.resolveUrnReferences = true;
      server.tokenLifetimeSeconds = 3600;
    });

    const clientFor = (
      provider?: string,
      options?: FhirClientOptions,
      account = accountId,
    ): Promise<FhirClient> => api.app.get(FhirClients).forProvider(account, provider, options);

    async function register(auth: Record<string, unknown>, extra: Record<string, unknown> = {}) {
      const response = await call(`${api.baseUrl}/fhir-provider`, {
        method: 'POST',
        token,
        headers: { 'Content-Type': 'application/json' },
        body: {
          name: `server-${Math.random().toString(36).slice(2, 8)}`,
          provider: 'hapi',
          base_url: server.fhirBase,
          auth,
          ...extra,
        },
      });
      expect(response.status, response.text).toBe(201);
      return response.body.data as { id: string; name: string; auth_configs: Record<string, any> };
    }

    it('client_secret: one token (discovered from the SMART configuration), then create, read and search with paging', async () => {
      server.registerSecretClient('secret-client', 's3cr3t:with/odd&chars');
      const provider = await register({
        auth_method: 'client_secret',
        client_id: 'secret-client',
        client_secret: 's3cr3t:with/odd&chars',
      });
      const before = server.tokenRequests.length;
      const client = await clientFor(provider.id);
      expect(client.target).toEqual({
        kind: 'remote',
        baseUrl: server.fhirBase,
        providerId: provider.id,
      });

      const created = await client.create(patient('Paging-Secret'));
      expect(created.id).toBeDefined();
      expect((await client.read('Patient', created.id)).name?.[0].family).toBe('Paging-Secret');
      const updated = await client.update({ ...created, gender: 'other' });
      expect(updated.gender).toBe('other');
      expect((await client.read('Patient', created.id)).gender).toBe('other');
      await client.create(patient('Paging-Secret'));
      await client.create(patient('Paging-Secret'));
      const firstPage = await client.search('Patient', { family: 'Paging-Secret', _count: 2 });
      expect(firstPage.entry).toHaveLength(2);
      const secondPage = await client.nextPage(firstPage);
      expect(secondPage?.entry).toHaveLength(1);
      expect(await client.nextPage(secondPage!)).toBeUndefined();
      const all = await client.searchAll('Patient', { family: 'Paging-Secret', _count: 2 });
      expect(all).toHaveLength(3);

      const tokens = server.tokenRequests.slice(before);
      expect(tokens).toEqual([
        {
          grantType: 'client_credentials',
          clientId: 'secret-client',
          scope: 'system/*.read',
          method: 'client_secret_basic',
        },
      ]);
      const byName = await clientFor(provider.name);
      expect((await byName.read('Patient', created.id)).id).toBe(created.id);
      expect(server.tokenRequests.length - before).toBe(1);
    });

    it('jwt: the server verifies the RS384 assertion against the JWKS the service publishes', async () => {
      const provider = await register({
        auth_method: 'jwt',
        client_id: 'backend-service',
        scopes: 'system/Patient.rs',
      });
      const config = Object.values(provider.auth_configs)[0];
      server.registerJwtClient('backend-service', config.jwks_url);
      const before = server.tokenRequests.length;
      const client = await clientFor(provider.id);
      const created = await client.create(patient('Jwt-Flow'));
      const found = await client.search('Patient', { family: 'Jwt-Flow' });
      expect(found.entry?.map((entry) => entry.resource?.id)).toEqual([created.id]);
      expect(server.tokenRequests.slice(before)).toEqual([
        {
          grantType: 'client_credentials',
          clientId: 'backend-service',
          scope: 'system/Patient.rs',
          method: 'private_key_jwt',
        },
      ]);
      expect(server.refusals).toEqual([]);
    });

    it('jwt key rotation: a new key is published, used once active, and the old one can go', async () => {
      const provider = await register({ auth_method: 'jwt', client_id: 'rotating-service' });
      const [oldId] = Object.keys(provider.auth_configs);
      server.registerJwtClient('rotating-service', provider.auth_configs[oldId].jwks_url);
      await (await clientFor(provider.id)).search('Patient', { _count: 1 });

      const patch = (path: string, body: unknown) =>
        call(`${api.baseUrl}/fhir-provider/${provider.id}/${path}`, {
          method: 'PATCH',
          token,
          body,
          headers: { 'Content-Type': 'application/json' },
        });
      const added = await patch('add-auth-config', {
        auth_method: 'jwt',
        client_id: 'rotating-service',
      });
      const newId = Object.keys(added.body.data.auth_configs).find((id) => id !== oldId)!;
      expect((await patch('set-active-auth-config', { auth_config_id: newId })).status).toBe(200);
      expect((await patch('remove-auth-config', { auth_config_id: oldId })).status).toBe(200);

      const before = server.tokenRequests.length;
      await (await clientFor(provider.id)).search('Patient', { _count: 1 });
      expect(server.tokenRequests.length - before).toBe(1);
      expect(server.refusals).toEqual([]);
      const jwks = await call(added.body.data.auth_configs[newId].jwks_url);
      expect(jwks.body.keys.map((key: { kid: string }) => key.kid)).toEqual([
        added.body.data.auth_configs[newId].json_web_key.kid,
      ]);
    });

    it('google_healthcare: a JWT-bearer grant signed with the service account key', async () => {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      server.registerServiceAccount(
        'svc@project.iam.gserviceaccount.com',
        publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      );
      const provider = await register(
        {
          auth_method: 'google_healthcare',
          service_account_key: {
            type: 'service_account',
            client_email: 'svc@project.iam.gserviceaccount.com',
            private_key_id: 'key-1',
            private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
            token_uri: server.tokenUrl,
          },
        },
        { provider: 'google_healthcare' },
      );
      expect(JSON.stringify(provider)).not.toContain('PRIVATE KEY');
      const before = server.tokenRequests.length;
      await (await clientFor(provider.id)).create(patient('Google-Flow'));
      expect(server.tokenRequests.slice(before)).toEqual([
        {
          grantType: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          clientId: 'svc@project.iam.gserviceaccount.com',
          scope: 'https://www.googleapis.com/auth/cloud-healthcare',
          method: 'jwt_bearer_grant',
        },
      ]);
    });

    it('renews an expired token once, and gives up after one renewal', async () => {
      server.registerSecretClient('renewing', 'renew-secret');
      const provider = await register({
        auth_method: 'client_secret',
        client_id: 'renewing',
        client_secret: 'renew-secret',
      });
      const client = await clientFor(provider.id);
      const created = await client.create(patient('Renewal'));
      const before = server.tokenRequests.length;
      server.expireAllTokens();
      expect((await client.read('Patient', created.id)).id).toBe(created.id);
      expect(server.tokenRequests.length - before).toBe(1);

      server.tokenLifetimeSeconds = 0;
      server.expireAllTokens();
      const refused = await failure(client.read('Patient', created.id));
      expect(refused.status).toBe(502);
      expect(refused.code).toBe('FHIR.UPSTREAM_UNAUTHORIZED');
      expect(server.tokenRequests.length - before).toBe(2);
    });

    it('retries 429 and 503 with backoff, honouring Retry-After; a lasting 429 reaches the caller as 429', async () => {
      server.requireAuth = false;
      const provider = await register({ auth_method: 'none' });
      const client = await clientFor(provider.id);
      const created = await client.create(patient('Retry'));

      let before = server.fhirRequests.length;
      server.failNext(429, 1, '0');
      expect((await client.read('Patient', created.id)).id).toBe(created.id);
      expect(server.fhirRequests.length - before).toBe(2);

      before = server.fhirRequests.length;
      server.failNext(503, 2);
      expect((await client.create(patient('Retry'))).id).toBeDefined();
      expect(server.fhirRequests.length - before).toBe(3);

      before = server.fhirRequests.length;
      server.failNext(429, 4, '1');
      const limited = await failure(client.read('Patient', created.id));
      expect(limited.status).toBe(429);
      expect(limited.code).toBe('FHIR.UPSTREAM_RATE_LIMITED');
      expect(limited.headers['Retry-After']).toBe('1');
      expect(server.fhirRequests.length - before).toBe(4);
    });

    it('answers the FHIR server’s OperationOutcomes as 4xx, its failures and silences as 502', async () => {
      server.requireAuth = false;
      const client = await clientFor((await register({ auth_method: 'none' })).id);
      const missing = await failure(client.read('Patient', 'no-such-patient'));
      expect(missing.status).toBe(404);
      expect(missing.code).toBe('FHIR.NOT_FOUND');
      expect(missing.message).toContain(
        `The FHIR server at ${new URL(server.fhirBase).host} answered 404`,
      );
      expect((missing.details as { issues: unknown[] }).issues[0]).toMatchObject({
        code: 'not-found',
      });

      const badSearch = await failure(client.search('Patient', { birthdate: 'not-a-date' }));
      expect(badSearch.status).toBe(400);

      server.failNext(500);
      const broken = await failure(client.read('Patient', 'x'));
      expect(broken.status).toBe(502);
      expect(broken.code).toBe('FHIR.UPSTREAM_ERROR');

      server.stallNext();
      const silent = await failure(client.read('Patient', 'x'));
      expect(silent.status).toBe(502);
      expect(silent.code).toBe('FHIR.UPSTREAM_TIMEOUT');

      const invalid = await failure(client.read('Spaceship' as 'Patient', '1'));
      expect(invalid.status).toBe(400);
    });

    it('token_passthrough: the token from X-Service-Fhir-Provider, and a 400 without it', async () => {
      const provider = await register({ auth_method: 'token_passthrough' });
      server.acceptToken('caller-token-123');
      const tokens = parseProviderTokens(
        `00000000-0000-4000-8000-000000000000:other, ${provider.id}:caller-token-123`,
      );
      const client = await clientFor(provider.id, { providerTokens: tokens });
      await client.create(patient('Passthrough'));
      expect(server.fhirRequests.at(-1)?.authorization).toBe('Bearer caller-token-123');

      const missing = await failure(clientFor(provider.id));
      expect(missing.status).toBe(400);
      expect(missing.code).toBe('FHIR_PROVIDER.PASSTHROUGH_TOKEN_REQUIRED');
      // A domain error of kind `invalid`: the one status table answers it with 400.
      expect(() => parseProviderTokens('no-colon-here')).toThrow(
        expect.objectContaining({ kind: 'invalid', code: 'FHIR_PROVIDER.INVALID_PROVIDER_HEADER' }),
      );
    });

    it('on_behalf_of: client credentials plus the on-behalf-of reference', async () => {
      server.registerSecretClient('obo-client', 'obo-secret');
      const provider = await register({
        auth_method: 'on_behalf_of',
        client_id: 'obo-client',
        client_secret: 'obo-secret',
      });
      const client = await clientFor(provider.id, { onBehalfOf: 'Practitioner/dr-1' });
      await client.search('Patient', { _count: 1 });
      expect(server.fhirRequests.at(-1)?.headers['x-on-behalf-of']).toBe('Practitioner/dr-1');
      const missing = await failure(clientFor(provider.id));
      expect(missing.code).toBe('FHIR_PROVIDER.ON_BEHALF_OF_REQUIRED');
    });

    it('a refused token request is a 502 naming the OAuth error, never the secret', async () => {
      const provider = await register({
        auth_method: 'client_secret',
        client_id: 'unknown-client',
        client_secret: 'wrong-secret-42',
      });
      const refused = await failure((await clientFor(provider.id)).read('Patient', 'x'));
      expect(refused.status).toBe(502);
      expect(refused.code).toBe('FHIR_PROVIDER.TOKEN_REQUEST_FAILED');
      expect(refused.message).toContain('invalid_client');
      expect(JSON.stringify({ message: refused.message, details: refused.details })).not.toContain(
        'wrong-secret-42',
      );
    });

    it('transactions: resolved urn:uuid references, or left as the server wrote them', async () => {
      server.requireAuth = false;
      const client = await clientFor((await register({ auth_method: 'none' })).id);
      const bundle = () => ({
        resourceType: 'Bundle' as const,
        type: 'transaction' as const,
        entry: [
          {
            fullUrl: 'urn:uuid:4a1e2c3d-1111-4222-8333-944455556666',
            resource: patient('Urn'),
            request: { method: 'POST' as const, url: 'Patient' },
          },
          {
            resource: {
              resourceType: 'Condition' as const,
              subject: { reference: 'urn:uuid:4a1e2c3d-1111-4222-8333-944455556666' },
            },
            request: { method: 'POST' as const, url: 'Condition' },
          },
        ],
      });
      const resolved = await client.transaction(bundle());
      const patientId = resolved.entry?.[0].resource?.id;
      expect(
        (resolved.entry?.[1].resource as { subject: { reference: string } }).subject.reference,
      ).toBe(`Patient/${patientId}`);

      server.resolveUrnReferences = false;
      const unresolved = await client.transaction(bundle());
      expect(unresolved.type).toBe('transaction-response');
      expect(
        (unresolved.entry?.[1].resource as { subject: { reference: string } }).subject.reference,
      ).toMatch(/^urn:uuid:/);
    });

    it('none: no Authorization header at all', async () => {
      server.requireAuth = false;
      await (
        await clientFor((await register({ auth_method: 'none' })).id)
      ).search('Patient', { _count: 1 });
      expect(server.fhirRequests.at(-1)?.authorization).toBeUndefined();
    });

    it('defaults to the sandbox, also by the name "sandbox" and by its id', async () => {
      const sandbox = await clientFor();
      expect(sandbox.target.kind).toBe('sandbox');
      const created = await sandbox.create(patient('Sandbox-Client'));
      const listed = await call(`${api.baseUrl}/fhir-provider/list`, { token });
      const sandboxId = listed.body.fhir_providers[0].id;
      for (const reference of ['sandbox', 'SANDBOX', sandboxId]) {
        expect((await (await clientFor(reference)).read('Patient', created.id)).id).toBe(
          created.id,
        );
      }
      await sandbox.update({ ...created, active: true });
      const viaHttp = await call(`${api.baseUrl}/fhir/sandbox/Patient/${created.id}`, { token });
      expect(viaHttp.status).toBe(200);
      expect(viaHttp.body.active).toBe(true);
      const all = await sandbox.searchAll('Patient', { family: 'Sandbox-Client' });
      expect(all.map((resource) => resource.id)).toEqual([created.id]);
      const invalid = await failure(
        sandbox.create({ resourceType: 'Patient', gender: 7 } as never),
      );
      expect(invalid.status).toBe(400);
      expect(JSON.stringify(invalid.details)).toContain('Patient.gender');
      const linked = await sandbox.transaction({
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          {
            fullUrl: 'urn:uuid:9b1e2c3d-1111-4222-8333-944455556666',
            resource: patient('Sandbox-Txn'),
            request: { method: 'POST', url: 'Patient' },
          },
          {
            resource: {
              resourceType: 'Observation',
              status: 'final',
              code: { text: 'x' },
              subject: { reference: 'urn:uuid:9b1e2c3d-1111-4222-8333-944455556666' },
            },
            request: { method: 'POST', url: 'Observation' },
          },
        ],
      });
      expect(
        (linked.entry?.[1].resource as { subject: { reference: string } }).subject.reference,
      ).toBe(`Patient/${linked.entry?.[0].resource?.id}`);
      const otherSandbox = await clientFor(undefined, {}, otherAccountId);
      expect((await failure(otherSandbox.read('Patient', created.id))).status).toBe(404);
    });

    it('refuses unknown providers, other accounts’ providers and expired credentials', async () => {
      expect((await failure(clientFor('no-such-provider'))).status).toBe(404);
      const provider = await register({ auth_method: 'none' });
      const find = (reference: string, account = accountId) =>
        api.app.get(ProviderDirectory).find(account, reference);
      expect(await find(provider.id)).toEqual({
        id: provider.id,
        name: provider.name,
        provider: 'hapi',
      });
      expect(await find(provider.name.toUpperCase())).toEqual({
        id: provider.id,
        name: provider.name,
        provider: 'hapi',
      });
      expect(await find('sandbox')).toMatchObject({ name: 'sandbox', provider: 'sandbox' });
      expect(await find('no-such-provider')).toBeNull();
      expect(await find(provider.id, otherAccountId)).toBeNull();
      const foreign = await failure(clientFor(provider.id, {}, otherAccountId));
      expect(foreign.status).toBe(404);
      expect(foreign.code).toBe('FHIR_PROVIDER.NOT_FOUND');

      const expiring = await register({
        auth_method: 'none',
        credential_expiry: new Date(Date.now() + 1500).toISOString(),
      });
      await new Promise((resolve) => setTimeout(resolve, 1600));
      const expired = await failure(clientFor(expiring.id));
      expect(expired.status).toBe(409);
      expect(expired.code).toBe('FHIR_PROVIDER.CREDENTIAL_EXPIRED');
    });
  },
);
