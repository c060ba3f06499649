import { JwtService } from '@nestjs/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../support/server-resources.js';
import {
  basic,
  PROFILES,
  startTestApp,
  type Credentials,
  type TestApp,
} from '../support/test-app.js';

describe.each(PROFILES)('authentication (%s profile)', (profile) => {
  let api: TestApp;
  let acme: Credentials;

  beforeAll(async () => {
    api = await startTestApp(profile);
    acme = await api.createClient('acme', 'paid');
  });

  afterAll(async () => {
    await api?.close();
  });

  const post = (path: string, init: RequestInit = {}) =>
    fetch(`${api.baseUrl}${path}`, { method: 'POST', ...init });
  const get = (path: string, token?: string) =>
    fetch(`${api.baseUrl}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

  it('issues a bearer token for valid Basic credentials', async () => {
    const response = await post('/v2/auth/token', { headers: { Authorization: basic(acme) } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as {
      access_token: string;
      token_type: string;
      expires_in: number;
    };
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(172_800);
    expect(body.access_token.split('.')).toHaveLength(3);
    expect((await get('/v2/auth/clients', body.access_token)).status).toBe(200);
  });

  it('accepts the form-body variant of client credentials', async () => {
    const response = await post('/v2/auth/token', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: acme.clientId,
        client_secret: acme.clientSecret,
      }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { access_token: string }).access_token).toBeTruthy();
  });

  it('accepts client_id and client_secret as a JSON body (as the public SDK sends them)', async () => {
    const response = await post('/v2/auth/token', {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: acme.clientId, client_secret: acme.clientSecret }),
    });
    expect(response.status).toBe(200);
    const token = ((await response.json()) as { access_token: string }).access_token;
    expect((await get('/v2/auth/clients', token)).status).toBe(200);

    const wrong = await post('/v2/auth/token', {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: acme.clientId, client_secret: 'wrong' }),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: 'invalid_client',
      error_description: expect.any(String),
    });
  });

  it.each([
    ['a wrong secret', () => basic({ clientId: acme.clientId, clientSecret: 'wrong' })],
    [
      'an unknown client id',
      () =>
        basic({
          clientId: '00000000-0000-4000-8000-000000000000',
          clientSecret: acme.clientSecret,
        }),
    ],
    ['a client id that is not a uuid', () => basic({ clientId: 'nobody', clientSecret: 'x' })],
    ['a malformed Basic header', () => 'Basic %%%'],
  ])(
    'answers 401 invalid_client with WWW-Authenticate: Basic for %s',
    async (_label, authorization) => {
      const response = await post('/v2/auth/token', {
        headers: { Authorization: authorization() },
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
      expect(await response.json()).toEqual({
        error: 'invalid_client',
        error_description: expect.any(String),
      });
    },
  );

  it('answers 401 invalid_client without any credentials, and for a wrong form secret', async () => {
    const none = await post('/v2/auth/token');
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: string }).error).toBe('invalid_client');
    const form = await post('/v2/auth/token', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: acme.clientId, client_secret: 'nope' }),
    });
    expect(form.status).toBe(401);
  });

  it('answers 400 for an unsupported grant type or half of the form credentials', async () => {
    const grant = await post('/v2/auth/token', {
      headers: { Authorization: basic(acme), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password' }),
    });
    expect(grant.status).toBe(400);
    expect(((await grant.json()) as { error: string }).error).toBe('unsupported_grant_type');
    const half = await post('/v2/auth/token', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: acme.clientId }),
    });
    expect(half.status).toBe(400);
    expect(((await half.json()) as { error: string }).error).toBe('invalid_request');
  });

  describe('bearer guard', () => {
    async function claims(): Promise<{ sub: string; acc: string }> {
      const token = await api.token(acme);
      return new JwtService({}).decode<{ sub: string; acc: string }>(token);
    }

    it('answers 401 in the envelope for a missing token', async () => {
      const response = await get('/v2/auth/clients');
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(await response.json()).toMatchObject({
        success: false,
        error: { code: 'AUTH.MISSING_TOKEN' },
      });
    });

    it.each([['Token abc'], ['Bearer'], ['Basic abc']])(
      'answers 401 for a malformed header "%s"',
      async (authorization) => {
        const response = await fetch(`${api.baseUrl}/v2/auth/clients`, {
          headers: { Authorization: authorization },
        });
        expect(response.status).toBe(401);
        expect(((await response.json()) as { success: boolean }).success).toBe(false);
      },
    );

    it('answers 401 for a token that is not a JWT', async () => {
      const response = await get('/v2/auth/clients', 'not-a-jwt');
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'AUTH.INVALID_TOKEN' } });
    });

    it('answers 401 AUTH.TOKEN_EXPIRED for an expired token', async () => {
      const { sub, acc } = await claims();
      const expired = new JwtService({ secret: TEST_JWT_SECRET }).sign(
        { sub, acc, exp: Math.floor(Date.now() / 1000) - 60 },
        { issuer: 'clinical-interop' },
      );
      const response = await get('/v2/auth/clients', expired);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'AUTH.TOKEN_EXPIRED' } });
    });

    it('answers 401 for a token signed with another key', async () => {
      const { sub, acc } = await claims();
      const forged = new JwtService({
        secret: 'an-attacker-key-that-is-also-long-enough-000',
      }).sign({ sub, acc }, { issuer: 'clinical-interop', expiresIn: 600 });
      const response = await get('/v2/auth/clients', forged);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'AUTH.INVALID_TOKEN' } });
    });

    it("answers 401 once the token's client is disabled", async () => {
      const token = await api.token(acme);
      const created = await fetch(`${api.baseUrl}/v2/auth/clients`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'rotating' }),
      });
      expect(created.status).toBe(201);
      const rotated = (await created.json()) as { client_id: string; client_secret: string };
      const rotatedToken = await api.token({
        clientId: rotated.client_id,
        clientSecret: rotated.client_secret,
        accountId: acme.accountId,
      });
      expect((await get('/v2/auth/clients', rotatedToken)).status).toBe(200);

      const disabled = await fetch(`${api.baseUrl}/v2/auth/clients/${rotated.client_id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(disabled.status).toBe(200);
      const refused = await get('/v2/auth/clients', rotatedToken);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: { code: 'AUTH.CLIENT_REVOKED' } });
      const noNewToken = await fetch(`${api.baseUrl}/v2/auth/token`, {
        method: 'POST',
        headers: {
          Authorization: basic({
            clientId: rotated.client_id,
            clientSecret: rotated.client_secret,
          }),
        },
      });
      expect(noNewToken.status).toBe(401);
    });
  });

  describe('tenants', () => {
    it("lists only the caller's clients and answers 404 for another account's client", async () => {
      const globex = await api.createClient('globex', 'free');
      const acmeToken = await api.token(acme);
      const globexToken = await api.token(globex);

      const listed = (await (await get('/v2/auth/clients', globexToken)).json()) as {
        clients: { client_id: string }[];
      };
      expect(listed.clients.map((client) => client.client_id)).toEqual([globex.clientId]);

      const foreign = await fetch(`${api.baseUrl}/v2/auth/clients/${acme.clientId}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${globexToken}` },
      });
      expect(foreign.status).toBe(404);
      expect(JSON.stringify(await foreign.json())).not.toContain('acme');
      // Nothing changed for acme.
      expect((await get('/v2/auth/clients', acmeToken)).status).toBe(200);
    });

    it('refuses to let a client disable itself', async () => {
      const token = await api.token(acme);
      const response = await fetch(`${api.baseUrl}/v2/auth/clients/${acme.clientId}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'AUTH.CANNOT_DISABLE_SELF' } });
    });
  });
});
