import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

/** A Patient with many names: each sibling forEach over `name` multiplies the rows by 40. */
const PATIENT = {
  resourceType: 'Patient',
  id: 'many-names',
  name: Array.from({ length: 40 }, (_, index) => ({ family: `Family${index}`, given: ['G'] })),
};

function siblingForEachView(count: number) {
  return {
    resourceType: 'ViewDefinition',
    resource: 'Patient',
    status: 'active',
    select: Array.from({ length: count }, (_, index) => ({
      forEach: 'name',
      column: [{ name: `family_${index}`, path: 'family' }],
    })),
  };
}

describe.each(PROFILES)('work budgets (%s profile)', (profile) => {
  let api: TestApp;
  let token: string;

  beforeAll(async () => {
    api = await startTestApp(profile, { VIEW_MAX_ROWS: '10000' });
    token = await api.token(await api.createClient('acme', 'paid'));
  });

  afterAll(async () => {
    await api?.close();
  });

  const flatten = (viewDefinition: unknown) =>
    fetch(`${api.baseUrl}/fhir2summary/create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        mode: 'flatten',
        fhir_resources: PATIENT,
        view_definition: viewDefinition,
      }),
    });

  it('refuses a view whose sibling forEach product passes VIEW_MAX_ROWS with 422 naming the limit', async () => {
    // 40⁴ = 2,560,000 rows: refused before any of them is built.
    const response = await flatten(siblingForEachView(4));
    expect(response.status).toBe(422);
    const body = (await response.json()) as {
      success: boolean;
      message: string;
      error: { code: string; details: { limit: string; value: number } };
    };
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('SUMMARY.VIEW_OVER_BUDGET');
    expect(body.error.details).toEqual({ limit: 'rows', value: 10_000 });
    expect(body.message).toContain('10000 rows');
    expect((await fetch(`${api.baseUrl}/health`)).status).toBe(200);
  });

  it('runs the same view when the product fits', async () => {
    const response = await flatten(siblingForEachView(2));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { rows?: unknown[]; data?: { rows?: unknown[] } };
    const rows = body.rows ?? body.data?.rows;
    expect(rows).toHaveLength(1600);
  });
});

describe.each(PROFILES)('request deadline (%s profile)', (profile) => {
  let api: TestApp;
  let token: string;

  beforeAll(async () => {
    // The smallest deadline the setting accepts: flattening 20,000 resources takes far longer.
    api = await startTestApp(profile, { REQUEST_DEADLINE_MS: '100' });
    token = await api.token(await api.createClient('acme', 'paid'));
  });

  afterAll(async () => {
    await api?.close();
  });

  it('stops a flatten that outlives REQUEST_DEADLINE_MS and answers 504 naming the setting', async () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: Array.from({ length: 20_000 }, (_, index) => ({
        resource: {
          resourceType: 'Observation',
          id: `o${index}`,
          status: 'final',
          code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
          valueQuantity: { value: index % 200, unit: '/min' },
        },
      })),
    };
    const response = await fetch(`${api.baseUrl}/fhir2summary/create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'flatten', fhir_resources: bundle }),
    });
    expect(response.status).toBe(504);
    const body = (await response.json()) as {
      success: boolean;
      message: string;
      error: { code: string; details: { limit: string; value: number } };
    };
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('REQUEST.DEADLINE_EXCEEDED');
    expect(body.error.details).toEqual({ limit: 'REQUEST_DEADLINE_MS', value: 100 });
    expect(body.message).toContain('REQUEST_DEADLINE_MS');
    expect((await fetch(`${api.baseUrl}/health`)).status).toBe(200);
  });

  it('stops the sandbox create of one large resource at the deadline with 504, storing nothing', async () => {
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' };
    // 3,000 names: validated in the validation thread, which the deadline stops.
    const response = await fetch(`${api.baseUrl}/fhir/sandbox/Patient`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        resourceType: 'Patient',
        name: Array.from({ length: 3_000 }, (_, index) => ({ family: `Late${index}` })),
      }),
    });
    expect(response.status).toBe(504);
    const body = (await response.json()) as { error?: { code: string } };
    expect(body.error?.code).toBe('REQUEST.DEADLINE_EXCEEDED');
    const search = await fetch(`${api.baseUrl}/fhir/sandbox/Patient?family=Late0`, { headers });
    expect(((await search.json()) as { total?: number; entry?: unknown[] }).entry ?? []).toEqual(
      [],
    );
  });

  it('stops an upload that outlives the deadline with 504 and leaves no code system behind', async () => {
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const response = await fetch(`${api.baseUrl}/construe/upload`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'LATE',
        version: '1',
        format: 'json',
        codes: Array.from({ length: 60_000 }, (_, index) => ({
          code: `L${index}`,
          description: `Late finding ${index}`,
        })),
      }),
    });
    expect(response.status).toBe(504);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'REQUEST.DEADLINE_EXCEEDED',
    );
    const systems = await fetch(`${api.baseUrl}/construe/codes/systems`, { headers });
    expect(systems.status).toBe(200);
    expect(JSON.stringify(await systems.json())).not.toContain('LATE');
  });
});
