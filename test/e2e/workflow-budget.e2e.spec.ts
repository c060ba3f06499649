import { CommandBus } from '@nestjs/cqrs';
import { ExecuteWorkflowCommand } from '@app/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type JsonResponse } from '../support/fhir-http.js';
import { FhirTestServer, LOOPBACK_FHIR_CLIENT_SETTINGS } from '../support/fhir-test-server.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

const SETTINGS = LOOPBACK_FHIR_CLIENT_SETTINGS;
/** Small on purpose: the nested workflow below would run 11,110 steps and 10,000 searches. */
const MAX_STEPS = 60;
const FAN_OUT = 10;

describe.each(PROFILES)('workflow work budget over HTTP (%s profile)', (profile) => {
  let api: TestApp;
  let server: FhirTestServer;
  let token: string;
  let top: string;
  /** Every workflow execution the service ran, to wait for it to settle after a disconnect. */
  const runs: { command: ExecuteWorkflowCommand; outcome: Promise<unknown> }[] = [];

  beforeAll(async () => {
    Object.assign(process.env, SETTINGS);
    server = await new FhirTestServer().start();
    server.requireAuth = false;
    api = await startTestApp(profile, {
      RATE_LIMIT_MAX: '100000',
      WORKFLOW_MAX_STEPS: String(MAX_STEPS),
      WORKFLOW_MAX_SUB_WORKFLOW_CALLS: '10000',
    });
    const bus = api.app.get(CommandBus);
    const execute = bus.execute.bind(bus);
    bus.execute = (command: object) => {
      const result = execute(command as never);
      if (command instanceof ExecuteWorkflowCommand)
        runs.push({ command, outcome: result.catch((error: unknown) => error) });
      return result;
    };
    token = await api.token(await api.createClient('acme'));
    const provider = await send('POST', '/fhir-provider', {
      name: 'test-ehr',
      provider: 'hapi',
      base_url: server.fhirBase,
      auth: { auth_method: 'none' },
    });
    expect(provider.status, provider.text).toBe(201);
    // leaf: one search; level_1 calls leaf ten times, level_2 calls level_1 ten times, and so on.
    let called = await createWorkflow(provider.body.data.id, 'leaf', 'Find the patient by MRN.');
    for (const level of [1, 2, 3, 4]) {
      const name = `level_${level}`;
      const calls = Array.from({ length: FAN_OUT }, () => `Run the '${called}' workflow.`);
      top = await createWorkflow(provider.body.data.id, name, calls.join(' '));
      called = name;
    }
  });

  afterAll(async () => {
    for (const name of Object.keys(SETTINGS)) delete process.env[name];
    await api?.close();
    await server?.close();
  });

  function send(method: string, path: string, body?: unknown): Promise<JsonResponse> {
    return call(`${api.baseUrl}${path}`, {
      method,
      token,
      body,
      headers: { 'Content-Type': 'application/json' },
    });
  }

  async function createWorkflow(
    provider: string,
    name: string,
    instructions: string,
  ): Promise<string> {
    const response = await send('POST', '/workflows?verbose=true', {
      name,
      workflow_instructions: instructions,
      sample_data: { mrn: 'MRN-1' },
      fhir_provider_id: provider,
    });
    expect(response.status, response.text).toBe(200);
    const steps = response.body.workflow_details.graph.steps as { type: string }[];
    expect(steps.map((step) => step.type)).toEqual(
      name === 'leaf' ? ['search'] : Array.from({ length: FAN_OUT }, () => 'workflow'),
    );
    return response.body.workflow_id as string;
  }

  it('answers 422 naming the step limit, having sent the FHIR server no more than the budget', async () => {
    const before = server.fhirRequests.length;
    const response = await send('POST', `/workflows/${top}/execute`, {
      input_data: { mrn: 'MRN-BUDGET' },
    });
    expect(response.status, response.text).toBe(422);
    expect(response.body.error.code).toBe('WORKFLOWS.BUDGET_EXCEEDED');
    expect(response.body.error.details.failed_step).toMatch(/^step_\d+( → step_\d+)+$/);
    expect(response.body.message).toContain(`more than ${MAX_STEPS} steps`);
    expect(response.body.message).toContain('WORKFLOW_MAX_STEPS');
    const searches = server.fhirRequests.slice(before);
    // Searches run only in the leaves: fewer than the steps taken, each one a GET.
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.length).toBeLessThanOrEqual(MAX_STEPS);
    expect(new Set(searches.map((request) => request.method))).toEqual(new Set(['GET']));
  });

  it('stops the run when the client goes away: no FHIR request after the one in flight', async () => {
    const before = server.fhirRequests.length;
    const inFlight = 5;
    // The fifth search waits for releaseStalled(); the client leaves while the run waits for it.
    server.stallNext(1, inFlight - 1);
    const client = new AbortController();
    const runsBefore = runs.length;
    const answered = fetch(`${api.baseUrl}/workflows/${top}/execute`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ input_data: { mrn: 'MRN-GONE' } }),
      signal: client.signal,
    }).catch((error: Error) => error);
    while (server.fhirRequests.length - before < inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5));
    client.abort();
    expect(await answered).toBeInstanceOf(Error);
    expect(runs.length).toBe(runsBefore + 1);
    const { command, outcome } = runs[runsBefore];
    // Once the service has seen the client leave, the stalled search is answered normally.
    if (!command.signal?.aborted)
      await new Promise((resolve) =>
        command.signal?.addEventListener('abort', resolve, { once: true }),
      );
    server.releaseStalled();
    expect(await outcome).toMatchObject({
      status: 499,
      code: 'WORKFLOWS.CANCELLED',
      message: expect.stringContaining('The client closed the request'),
    });
    // The search in flight completed; nothing after it was sent (10,000 without the stop).
    expect(server.fhirRequests.length - before).toBe(inFlight);
  });
});
