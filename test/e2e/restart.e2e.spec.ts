import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseDemoCredentials,
  requireBuild,
  startApiProcess,
  type ApiProcess,
} from '../support/api-process.js';
import { basic } from '../support/credentials.js';

async function token(
  baseUrl: string,
  credentials: { clientId: string; clientSecret: string },
): Promise<string> {
  const response = await fetch(`${baseUrl}/v2/auth/token`, {
    method: 'POST',
    headers: { Authorization: basic(credentials) },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Opens a POST whose body never finishes: the server is mid-request when it is killed. */
function startHangingRequest(baseUrl: string, bearer: string): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL('/v2/auth/clients', baseUrl);
    const pending = request(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${bearer}`,
        'Content-Type': 'application/json',
        'Content-Length': '1000',
      },
    });
    pending.on('error', () => undefined);
    pending.write('{"name": "never-finished', () => resolve());
  });
}

describe('embedded profile: a killed API loses nothing already committed', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ci-restart-'));
  let first: ApiProcess | undefined;
  let second: ApiProcess | undefined;

  beforeAll(() => requireBuild());

  afterAll(async () => {
    await first?.kill('SIGKILL').catch(() => undefined);
    await second?.kill('SIGTERM').catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints demo credentials on first start, keeps data and tokens across SIGKILL', async () => {
    first = await startApiProcess({ DATA_DIR: dataDir });
    const demo = parseDemoCredentials(first.stdout());
    const bearer = await token(first.baseUrl, demo);

    const created = await fetch(`${first.baseUrl}/v2/auth/clients`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'committed-before-crash' }),
    });
    expect(created.status).toBe(201);
    const committed = (await created.json()) as { client_id: string; client_secret: string };

    await startHangingRequest(first.baseUrl, bearer);
    await first.kill('SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');

    second = await startApiProcess({ DATA_DIR: dataDir });
    expect(second.stdout()).not.toContain('Demo API client created');

    const listed = await fetch(`${second.baseUrl}/v2/auth/clients`, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    expect(listed.status).toBe(200);
    const names = ((await listed.json()) as { clients: { name: string }[] }).clients.map(
      (client) => client.name,
    );
    expect(names).toEqual(['demo', 'committed-before-crash']);

    await token(second.baseUrl, demo);
    await token(second.baseUrl, {
      clientId: committed.client_id,
      clientSecret: committed.client_secret,
    });
  });
});
