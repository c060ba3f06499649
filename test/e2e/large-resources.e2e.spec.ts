import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { r4IssuesInThread } from '@app/fhir';
import {
  parseDemoCredentials,
  requireBuild,
  startApiProcess,
  type ApiProcess,
} from '../support/api-process.js';
import { call, fhirAt } from '../support/fhir-http.js';
import { basic, PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * One Patient far above the size validated on the event loop (it goes to the validation
 * thread): 3,000 names, the last one empty, plus a wrong gender and an unknown element.
 */
function widePatient(invalid: boolean): Record<string, unknown> {
  return {
    resourceType: 'Patient',
    name: Array.from({ length: 3_000 }, (_, index) =>
      invalid && index === 2_999 ? {} : { family: `F${index}`, given: ['G'] },
    ),
    ...(invalid ? { gender: 7, nickname: 'Ada' } : {}),
  };
}

async function checkLargeResources(baseUrl: string, token: string): Promise<void> {
  const fhir = fhirAt(`${baseUrl}/fhir/sandbox`, token);
  const created = await fhir.post('Patient', widePatient(false));
  expect(created.status).toBe(201);
  expect(created.body.name).toHaveLength(3_000);

  const refused = await fhir.post('Patient', widePatient(true));
  expect(refused.status).toBe(400);
  expect(refused.body.resourceType).toBe('OperationOutcome');
  expect(refused.body.issue).toEqual(r4IssuesInThread(widePatient(true)));

  const summary = await call(`${baseUrl}/fhir2summary/create`, {
    method: 'POST',
    token,
    headers: { 'Content-Type': 'application/json' },
    body: { mode: 'flatten', strict: true, fhir_resources: widePatient(true) },
  });
  expect(summary.status).toBe(400);
  expect(summary.body.error.code).toBe('SUMMARY.INVALID_FHIR');
  expect(
    summary.body.error.details.map((finding: { path: string }) => finding.path).sort(),
  ).toEqual(['fhir_resources.gender', 'fhir_resources.name[2999]', 'fhir_resources.nickname']);
  expect((await fetch(`${baseUrl}/health`)).status).toBe(200);
}

describe.each(PROFILES)(
  'one large resource, validated off the event loop (%s profile)',
  (profile) => {
    let api: TestApp;

    beforeAll(async () => {
      api = await startTestApp(profile);
    });

    afterAll(async () => {
      await api?.close();
    });

    it('stores a valid one and refuses an invalid one with what validation finds', async () => {
      await checkLargeResources(api.baseUrl, await api.token(await api.createClient('acme')));
    });
  },
);

describe('one large resource through the built API (its validation thread found in dist/)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ci-large-'));
  let api: ApiProcess | undefined;

  beforeAll(() => requireBuild());

  afterAll(async () => {
    await api?.kill('SIGTERM').catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a valid one and refuses an invalid one with what validation finds', async () => {
    api = await startApiProcess({ DATA_DIR: dataDir });
    const response = await fetch(`${api.baseUrl}/v2/auth/token`, {
      method: 'POST',
      headers: { Authorization: basic(parseDemoCredentials(api.stdout())) },
    });
    const { access_token: token } = (await response.json()) as { access_token: string };
    await checkLargeResources(api.baseUrl, token);
  });
});
