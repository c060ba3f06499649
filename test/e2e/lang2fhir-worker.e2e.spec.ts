import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, WORKER_ENTRY } from '../support/api-process.js';
import { call, type JsonResponse } from '../support/fhir-http.js';
import { FhirTestServer } from '../support/fhir-test-server.js';
import { serverEnv } from '../support/server-resources.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SETTINGS = {
  FHIR_OUTBOUND_ALLOW_LOOPBACK: 'true',
  // The API answers before any worker runs: the fix-ups are reported pending.
  LANG2FHIR_FIXUP_WAIT_MS: '300',
  LANG2FHIR_FIXUP_BACKOFF_MS: '50',
};

const NOTE =
  'Jane Roe, female, MRN 5550123. She has asthma and hyperlipidemia. ' +
  'Takes atorvastatin 80 mg tablet at bedtime. HR 76.';

describe('lang2fhir: follow-up PUTs run by a separate worker process (server profile)', () => {
  let api: TestApp;
  let server: FhirTestServer;
  let token: string;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    requireBuild();
    Object.assign(process.env, SETTINGS);
    server = await new FhirTestServer().start();
    server.resolveUrnReferences = false;
    // This API enqueues on BullMQ but consumes nothing.
    api = await startTestApp('server', { RUN_WORKER_IN_API: 'false', RATE_LIMIT_MAX: '100000' });
    token = await api.token(await api.createClient('clinic'));
  }, 120_000);

  afterAll(async () => {
    for (const name of Object.keys(SETTINGS)) delete process.env[name];
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await api?.close();
    await server?.close();
  });

  const send = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<JsonResponse> =>
    call(`${api.baseUrl}${path}`, {
      method,
      token,
      body,
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  async function sealedTokens(): Promise<(string | null)[]> {
    const client = new pg.Client({ connectionString: api.config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ sealed_token: string | null }>(
        'SELECT sealed_token FROM lang2fhir_reference_fixup ORDER BY created_at',
      );
      return rows.map((row) => row.sealed_token);
    } finally {
      await client.end();
    }
  }

  async function settled(id: string): Promise<Record<string, any>> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await send('GET', `/lang2fhir/reference-fixups/${id}`);
      const data = status.body.data as Record<string, any>;
      if (data.status !== 'pending' || Date.now() > deadline) return data;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('answers with the fix-ups pending; a worker started later completes one and fails the other with its reason', async () => {
    const gone = await send('POST', '/fhir-provider', {
      name: 'soon-deleted-ehr',
      provider: 'hapi',
      base_url: server.fhirBase,
      auth: { auth_method: 'none' },
    });
    const passthrough = await send('POST', '/fhir-provider', {
      name: 'passthrough-ehr',
      provider: 'hapi',
      base_url: server.fhirBase,
      auth: { auth_method: 'token_passthrough' },
    });
    expect([gone.status, passthrough.status]).toEqual([201, 201]);
    const passthroughId = passthrough.body.data.id;
    server.acceptToken('worker-token-1');

    server.requireAuth = false;
    const first = await send('POST', '/tools/lang2fhir-and-create-multi', {
      text: NOTE,
      provider: 'soon-deleted-ehr',
    });
    server.requireAuth = true;
    const second = await send(
      'POST',
      '/tools/lang2fhir-and-create-multi',
      { text: NOTE, provider: 'passthrough-ehr' },
      { 'X-Service-Fhir-Provider': `${passthroughId}:worker-token-1` },
    );
    for (const response of [first, second]) {
      expect(response.status, response.text).toBe(200);
      expect(response.body.reference_fixup.status).toBe('pending');
      expect(response.body.message).toContain(
        `/lang2fhir/reference-fixups/${response.body.reference_fixup.id}`,
      );
    }
    const created = (second.body.resource_info as { reference: string }[]).map(
      (item) => item.reference,
    );
    const condition = created.find((reference) => reference.startsWith('Condition/'))!;
    server.requireAuth = false;
    expect((await call(`${server.fhirBase}/${condition}`)).body.subject.reference).toMatch(
      /^urn:uuid:/,
    );
    const sealed = await sealedTokens();
    expect(sealed[0]).toBeNull();
    expect(sealed[1]).toMatch(/^v1\./);
    expect(sealed[1]).not.toContain('worker-token-1');
    expect((await send('DELETE', `/fhir-provider/${gone.body.data.id}`)).status).toBe(200);

    server.requireAuth = true;
    const before = server.fhirRequests.length;
    worker = spawn(process.execPath, [WORKER_ENTRY], {
      env: {
        PATH: process.env.PATH ?? '',
        ...serverEnv(api.config.databaseUrl!, {
          REDIS_PREFIX: api.config.redisPrefix,
          LOG_LEVEL: 'warn',
          ...SETTINGS,
        }),
      },
      stdio: 'ignore',
    });
    const failed = await settled(first.body.reference_fixup.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('FHIR_PROVIDER.NOT_FOUND');
    const completed = await settled(second.body.reference_fixup.id);
    expect(completed.status).toBe('completed');
    expect(completed.updated).toHaveLength(created.length - 1);
    const puts = server.fhirRequests.slice(before).filter((request) => request.method === 'PUT');
    expect(puts.length).toBe(created.length - 1);
    for (const put of puts) expect(put.authorization).toBe('Bearer worker-token-1');
    expect(await sealedTokens()).toEqual([null, null]);

    server.requireAuth = false;
    for (const reference of created) {
      const stored = await call(`${server.fhirBase}/${reference}`);
      expect(stored.status).toBe(200);
      const subject = (stored.body.subject ?? stored.body.patient) as
        { reference: string } | undefined;
      if (!subject) continue;
      expect(subject.reference).toMatch(/^Patient\//);
      expect((await call(`${server.fhirBase}/${subject.reference}`)).status).toBe(200);
    }
  }, 90_000);
});
