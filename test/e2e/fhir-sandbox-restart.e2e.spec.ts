import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FhirClients } from '@app/fhir-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, fhirAt } from '../support/fhir-http.js';
import { FhirTestServer } from '../support/fhir-test-server.js';
import { createTestDatabase, type TestDatabase } from '../support/server-resources.js';
import { PROFILES, startTestApp, type Credentials, type TestApp } from '../support/test-app.js';

describe.each(PROFILES)('sandbox and providers across an app restart (%s profile)', (profile) => {
  let dataDir: string | undefined;
  let database: TestDatabase | undefined;
  let env: Record<string, string>;
  let server: FhirTestServer;
  let running: TestApp | undefined;

  beforeAll(async () => {
    process.env.FHIR_OUTBOUND_ALLOW_LOOPBACK = 'true';
    server = await new FhirTestServer().start();
    if (profile === 'embedded') {
      dataDir = mkdtempSync(join(tmpdir(), 'ci-fhir-restart-'));
      // No ENCRYPTION_KEY: the embedded profile makes one and keeps it under DATA_DIR.
      env = { DATA_DIR: dataDir, ENCRYPTION_KEY: '' };
    } else {
      database = await createTestDatabase();
      env = { DATABASE_URL: database.url };
    }
  });

  afterAll(async () => {
    delete process.env.FHIR_OUTBOUND_ALLOW_LOOPBACK;
    await running?.close();
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it('keeps sandbox resources and provider credentials; other accounts still see nothing', async () => {
    running = await startTestApp(profile, env);
    const acme: Credentials = await running.createClient('acme');
    const globex: Credentials = await running.createClient('globex');
    let fhir = fhirAt(`${running.baseUrl}/fhir/sandbox`, await running.token(acme));
    const created = await fhir.post('Patient', {
      resourceType: 'Patient',
      name: [{ family: 'Durable' }],
    });
    expect(created.status).toBe(201);
    const updated = await fhir.put(`Patient/${created.body.id}`, {
      ...created.body,
      gender: 'female',
    });
    expect(updated.status).toBe(200);

    server.requireAuth = true;
    server.registerSecretClient('durable-client', 'durable-secret');
    const provider = await call(`${running.baseUrl}/fhir-provider`, {
      method: 'POST',
      token: await running.token(acme),
      headers: { 'Content-Type': 'application/json' },
      body: {
        name: 'durable',
        provider: 'hapi',
        base_url: server.fhirBase,
        auth: {
          auth_method: 'client_secret',
          client_id: 'durable-client',
          client_secret: 'durable-secret',
        },
      },
    });
    expect(provider.status).toBe(201);
    await running.close();
    running = undefined;
    if (dataDir) expect(existsSync(join(dataDir, 'secrets', 'encryption-key'))).toBe(true);

    running = await startTestApp(profile, env);
    fhir = fhirAt(`${running.baseUrl}/fhir/sandbox`, await running.token(acme));
    const read = await fhir.get(`Patient/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(updated.body);
    expect((await fhir.get(`Patient/${created.body.id}/_history`)).body.entry).toHaveLength(2);
    expect((await fhir.get('Patient?family=durable')).body.total).toBe(1);

    const other = fhirAt(`${running.baseUrl}/fhir/sandbox`, await running.token(globex));
    expect((await other.get(`Patient/${created.body.id}`)).status).toBe(404);
    expect((await other.get('Patient?family=durable')).body.total).toBe(0);

    // The stored client secret still decrypts: the token request succeeds.
    const client = await running.app.get(FhirClients).forProvider(acme.accountId, 'durable');
    expect((await client.create({ resourceType: 'Patient' })).id).toBeDefined();
    expect(server.tokenRequests.at(-1)?.clientId).toBe('durable-client');
  });
});
