import { JwtService } from '@nestjs/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureStdoutLogs } from '../support/fhir-log-capture.js';
import { TEST_JWT_SECRET } from '../support/server-resources.js';
import { PROFILES, startTestApp, type Credentials, type TestApp } from '../support/test-app.js';

describe.each(PROFILES)('credentials only in headers (%s profile)', (profile) => {
  let api: TestApp;
  let acme: Credentials;
  let token: string;
  const logs = captureStdoutLogs();

  beforeAll(async () => {
    api = await startTestApp(profile, { LOG_LEVEL: 'warn', AUTH_FAILURE_MAX: '3' });
    acme = await api.createClient('acme', 'paid');
    token = await api.token(acme);
  });

  afterAll(async () => {
    logs.restore();
    await api?.close();
  });

  it.each(['/v2/auth/clients', '/mcp', '/fhir/sandbox/Patient'])(
    'refuses a bearer token in the query string of %s, header or not',
    async (path) => {
      for (const headers of [{}, { Authorization: `Bearer ${token}` }] as Record<
        string,
        string
      >[]) {
        const response = await fetch(
          `${api.baseUrl}${path}?access_token=${encodeURIComponent(token)}`,
          { headers },
        );
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toContain('invalid_request');
        const body = (await response.json()) as { error: { code: string }; message: string };
        expect(body.error.code).toBe('AUTH.TOKEN_NOT_IN_HEADER');
        expect(body.message).toContain('Authorization: Bearer');
      }
    },
  );

  it('refuses a bearer token in a form body', async () => {
    const response = await fetch(`${api.baseUrl}/v2/auth/clients`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ access_token: token, name: 'x' }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'AUTH.TOKEN_NOT_IN_HEADER',
    );
  });

  it('still accepts the same token in the header', async () => {
    const response = await fetch(`${api.baseUrl}/v2/auth/clients`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
  });

  it('refuses a well-signed token that has no expiry', async () => {
    const { sub, acc } = new JwtService({}).decode<{ sub: string; acc: string }>(token);
    const forever = new JwtService({ secret: TEST_JWT_SECRET }).sign(
      { sub, acc },
      { issuer: 'clinical-interop' },
    );
    const response = await fetch(`${api.baseUrl}/v2/auth/clients`, {
      headers: { Authorization: `Bearer ${forever}` },
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'AUTH.INVALID_TOKEN',
    );
  });

  it('never writes a token or a secret sent in a URL to the log', async () => {
    const secretInUrl = `${acme.clientSecret}`;
    const response = await fetch(
      `${api.baseUrl}/v2/auth/token?client_id=${acme.clientId}&client_secret=${encodeURIComponent(secretInUrl)}&password=hunter2-pw`,
      { method: 'POST' },
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    await fetch(`${api.baseUrl}/v2/auth/clients?access_token=${token}&code=auth-code-123`);
    // The request log is written when the response ends; give the destination a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const written = logs.text();
    expect(written).toContain('/v2/auth/clients?access_token=[REDACTED]');
    for (const credential of [token, secretInUrl, 'hunter2-pw', 'auth-code-123'])
      expect(written).not.toContain(credential);
  });

  it('throttles failed authentications per client id, whatever the secret then is', async () => {
    const target = await api.createClient('initech', 'free');
    const other = await api.createClient('umbrella', 'free');
    const tryToken = (clientId: string, clientSecret: string) =>
      fetch(`${api.baseUrl}/v2/auth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
        }),
      });
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await tryToken(target.clientId, `guess-${attempt}`)).status).toBe(401);
    const refused = await tryToken(target.clientId, target.clientSecret);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');
    const basic = await fetch(`${api.baseUrl}/v2/auth/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${target.clientId}:${target.clientSecret}`).toString('base64')}`,
      },
    });
    expect(basic.status).toBe(429);
    expect((await tryToken(other.clientId, other.clientSecret)).status).toBe(200);
  });
});
