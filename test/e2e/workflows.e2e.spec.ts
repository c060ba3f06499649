import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import { ExecuteWorkflowCommand, ListWorkflowSummariesQuery } from '@app/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type JsonResponse } from '../support/fhir-http.js';
import { FhirTestServer, LOOPBACK_FHIR_CLIENT_SETTINGS } from '../support/fhir-test-server.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

const SETTINGS = LOOPBACK_FHIR_CLIENT_SETTINGS;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const SIMPLIFIED_STEP_KEYS = ['description', 'id', 'name', 'provider_id', 'type'];
const WORKFLOW_KEYS = [
  'config',
  'created_at',
  'graph',
  'id',
  'name',
  'sample_data',
  'updated_at',
  'workflow_instructions',
];

/** A step as the API shows it. */
interface StepView {
  id: string;
  name: string;
  type: string;
  provider_id?: string;
}

const GLUCOSE_INSTRUCTIONS =
  'Find the patient by MRN. If the glucose value is above 200, create a flag for hyperglycemia, otherwise create a task to recheck the glucose in 3 months.';

describe.each(PROFILES)('workflows (%s profile)', (profile) => {
  let api: TestApp;
  let server: FhirTestServer;
  let acme: string;
  let globex: string;
  let acmeAccount: string;
  let ehr: string;
  let deadEhr: string;
  let globexEhr: string;

  beforeAll(async () => {
    Object.assign(process.env, SETTINGS);
    server = await new FhirTestServer().start();
    server.requireAuth = false;
    api = await startTestApp(profile, { RATE_LIMIT_MAX: '100000' });
    const acmeClient = await api.createClient('acme');
    acmeAccount = acmeClient.accountId;
    acme = await api.token(acmeClient);
    globex = await api.token(await api.createClient('globex'));
    ehr = await registerProvider(acme, 'test-ehr', server.fhirBase);
    // Nothing listens on port 9 of the loopback: connections are refused.
    deadEhr = await registerProvider(acme, 'dead-ehr', 'http://127.0.0.1:9/fhir');
    globexEhr = await registerProvider(globex, 'globex-ehr', server.fhirBase);
  });

  afterAll(async () => {
    for (const name of Object.keys(SETTINGS)) delete process.env[name];
    await api?.close();
    await server?.close();
  });

  async function send(
    method: string,
    path: string,
    token: string,
    body?: unknown,
  ): Promise<JsonResponse> {
    return call(`${api.baseUrl}${path}`, {
      method,
      token,
      body,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    });
  }

  async function registerProvider(token: string, name: string, baseUrl: string): Promise<string> {
    const response = await send('POST', '/fhir-provider', token, {
      name,
      provider: 'hapi',
      base_url: baseUrl,
      auth: { auth_method: 'none' },
    });
    expect(response.status, response.text).toBe(201);
    return response.body.data.id as string;
  }

  /** Straight to the test FHIR server, not through the service. */
  async function onServer(path: string, body?: unknown): Promise<any> {
    const response = await call(`${server.fhirBase}/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      body,
    });
    expect(response.status, response.text).toBeLessThan(300);
    return response.body;
  }

  async function patientOnServer(mrn: string): Promise<string> {
    const created = await onServer('Patient', {
      resourceType: 'Patient',
      identifier: [{ value: mrn }],
      name: [{ family: `Family-${mrn}` }],
    });
    return created.id as string;
  }

  const countOnServer = async (query: string): Promise<number> =>
    ((await onServer(query)).total as number) ?? 0;

  async function createWorkflow(
    body: Record<string, unknown>,
    token = acme,
    query = '',
  ): Promise<JsonResponse> {
    return send('POST', `/workflows${query}`, token, {
      fhir_provider_id: ehr,
      ...body,
    });
  }

  async function glucoseWorkflow(name: string): Promise<string> {
    const response = await createWorkflow({
      name,
      workflow_instructions: GLUCOSE_INSTRUCTIONS,
      sample_data: { mrn: 'MRN-1', glucose_value: 250 },
    });
    expect(response.status, response.text).toBe(200);
    return response.body.workflow_id as string;
  }

  describe('create', () => {
    it('answers the simplified workflow by default, exactly in the spec shape', async () => {
      const response = await createWorkflow({
        name: 'Glucose follow-up',
        workflow_instructions: GLUCOSE_INSTRUCTIONS,
        sample_data: { mrn: 'MRN-1', glucose_value: 250 },
      });
      expect(response.status, response.text).toBe(200);
      const body = response.body;
      expect(Object.keys(body).sort()).toEqual([
        'message',
        'success',
        'warnings',
        'workflow',
        'workflow_id',
      ]);
      expect(body).toMatchObject({ success: true, message: 'Workflow created', warnings: [] });
      expect(body.workflow_id).toMatch(/^[0-9a-f-]{36}$/);
      const workflow = body.workflow;
      expect(Object.keys(workflow).sort()).toEqual(WORKFLOW_KEYS);
      expect(workflow).toMatchObject({
        id: body.workflow_id,
        name: 'Glucose follow-up',
        workflow_instructions: GLUCOSE_INSTRUCTIONS,
        sample_data: { mrn: 'MRN-1', glucose_value: 250 },
        config: { fhir_provider_ids: [ehr], dynamic_generation: false },
      });
      expect(new Date(workflow.created_at).toISOString()).toBe(workflow.created_at);
      // A step without a provider (a decision) leaves provider_id out rather than null.
      for (const step of workflow.graph.steps)
        expect(Object.keys(step).sort()).toEqual(
          step.type === 'decision_node'
            ? SIMPLIFIED_STEP_KEYS.filter((key) => key !== 'provider_id')
            : SIMPLIFIED_STEP_KEYS,
        );
      expect(
        workflow.graph.steps.map((step: StepView) => [step.id, step.type, step.provider_id]),
      ).toEqual([
        ['step_1', 'search', ehr],
        ['step_2', 'decision_node', undefined],
        ['step_3', 'create', ehr],
        ['step_4', 'create', ehr],
      ]);
    });

    it('adds workflow_details with the full steps when verbose=true', async () => {
      const response = await createWorkflow(
        {
          name: 'Glucose follow-up (verbose)',
          workflow_instructions: GLUCOSE_INSTRUCTIONS,
          sample_data: { mrn: 'MRN-1', glucose_value: 250 },
        },
        acme,
        '?verbose=true',
      );
      expect(response.status, response.text).toBe(200);
      const { workflow, workflow_details: details } = response.body;
      expect(Object.keys(details).sort()).toEqual(WORKFLOW_KEYS);
      expect(details.id).toBe(workflow.id);
      const [search, decision, flag, task] = details.graph.steps;
      expect(Object.keys(search).sort()).toEqual(
        [...SIMPLIFIED_STEP_KEYS, 'dependencies', 'dynamic_generation', 'operation'].sort(),
      );
      expect(search.operation).toEqual({
        search_definition: {
          original_query: 'Find the patient by MRN',
          resource_type: 'Patient',
          search_parameters: { identifier: '{{mrn}}' },
          required_fields: ['id'],
          runtime_placeholders: { mrn: 'input.mrn' },
        },
      });
      expect(decision).toMatchObject({
        type: 'decision_node',
        dependencies: [],
        dynamic_generation: false,
        operation: {
          decision_definition: {
            expression: '{{glucose_value}} > 200',
            paths: { true: 'step_3', false: 'step_4', default: 'end' },
            runtime_placeholders: { glucose_value: 'input.glucose_value' },
          },
        },
      });
      expect(flag.operation.create_definition).toMatchObject({
        original_description: 'create a flag for hyperglycemia',
        resource_type: 'Flag',
        resource_template: {
          resourceType: 'Flag',
          status: 'active',
          code: { text: 'hyperglycemia' },
          subject: { reference: 'Patient/{{patient_id}}' },
        },
        runtime_placeholders: { patient_id: 'step_1.result.id' },
      });
      expect(flag.dependencies).toEqual(['step_1', 'step_2']);
      expect(task.operation.create_definition.resource_type).toBe('Task');
    });

    it('accepts several providers, by id or by name, and names the unknown ones', async () => {
      const several = await createWorkflow({
        name: 'Two providers',
        workflow_instructions:
          'Find the patient by MRN in test-ehr. Create a task to call the patient in sandbox.',
        sample_data: { mrn: 'X' },
        fhir_provider_id: [ehr, 'sandbox'],
      });
      expect(several.status, several.text).toBe(200);
      const [first, second] = several.body.workflow.config.fhir_provider_ids;
      expect(first).toBe(ehr);
      expect(second).toMatch(/^[0-9a-f-]{36}$/);
      expect(several.body.workflow.graph.steps.map((step: StepView) => step.provider_id)).toEqual([
        ehr,
        second,
      ]);

      const bad = await createWorkflow({
        name: 'Bad providers',
        workflow_instructions: 'Find the patient by MRN.',
        sample_data: { mrn: 'X' },
        fhir_provider_id: [ehr, UNKNOWN_ID, globexEhr],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toEqual({
        code: 'WORKFLOWS.UNKNOWN_PROVIDER',
        details: { unknown_provider_ids: [UNKNOWN_ID, globexEhr] },
      });
      expect(bad.body.message).toContain(UNKNOWN_ID);
    });

    it('refuses malformed bodies field by field, and instructions it cannot plan with a reason', async () => {
      const missing = await send('POST', '/workflows', acme, { name: 'x' });
      expect(missing.status).toBe(400);
      expect(missing.body.error.code).toBe('REQUEST.VALIDATION_FAILED');
      expect(
        missing.body.error.details.map((item: { field: string }) => item.field).sort(),
      ).toEqual(['fhir_provider_id', 'sample_data', 'workflow_instructions']);
      const emptyList = await createWorkflow({
        name: 'x',
        workflow_instructions: 'Find the patient by MRN.',
        sample_data: { mrn: '1' },
        fhir_provider_id: [],
      });
      expect(emptyList.status).toBe(400);
      expect(emptyList.body.error.details[0].field).toBe('fhir_provider_id');
      const verbose = await createWorkflow(
        { name: 'x', workflow_instructions: 'x', sample_data: {} },
        acme,
        '?verbose=maybe',
      );
      expect(verbose.status).toBe(400);
      expect(verbose.body.error.details[0].field).toBe('verbose');

      const nothing = await createWorkflow({
        name: 'Nothing',
        workflow_instructions: 'Think about the patient.',
        sample_data: {},
      });
      expect(nothing.status).toBe(400);
      expect(nothing.body.error.code).toBe('WORKFLOWS.NO_STEPS');
      const condition = await createWorkflow({
        name: 'Moon',
        workflow_instructions: 'If the moon is full, create a task to call the patient.',
        sample_data: {},
      });
      expect(condition.status).toBe(400);
      expect(condition.body.error.code).toBe('WORKFLOWS.UNPARSEABLE_CONDITION');
      const sub = await createWorkflow({
        name: 'Calls nothing',
        workflow_instructions: "Run the 'Does not exist' workflow.",
        sample_data: {},
      });
      expect(sub.status).toBe(400);
      expect(sub.body.error.code).toBe('WORKFLOWS.UNKNOWN_SUB_WORKFLOW');
    });
  });

  describe('list, get, update, delete', () => {
    it("lists the caller's workflows only, with details when verbose", async () => {
      const id = await glucoseWorkflow('Listed');
      const list = await send('GET', '/workflows', acme);
      expect(list.status).toBe(200);
      expect(list.body.workflow_details).toBeUndefined();
      const listed = list.body.workflows.find((workflow: { id: string }) => workflow.id === id);
      expect(Object.keys(listed.graph.steps[0]).sort()).toEqual(SIMPLIFIED_STEP_KEYS);
      const verbose = await send('GET', '/workflows?verbose=true', acme);
      expect(verbose.body.workflow_details.map((workflow: { id: string }) => workflow.id)).toEqual(
        verbose.body.workflows.map((workflow: { id: string }) => workflow.id),
      );
      expect(
        verbose.body.workflow_details.find((workflow: { id: string }) => workflow.id === id).graph
          .steps[0].operation,
      ).toHaveProperty('search_definition');
      const others = await send('GET', '/workflows', globex);
      expect(others.body.workflows.map((workflow: { id: string }) => workflow.id)).not.toContain(
        id,
      );
    });

    it("gets one workflow; another account's, unknown and malformed ids answer 404", async () => {
      const id = await glucoseWorkflow('Fetched');
      const one = await send('GET', `/workflows/${id}?verbose=true`, acme);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({
        success: true,
        workflow: { id, name: 'Fetched' },
        workflow_details: { id },
      });
      const plain = await send('GET', `/workflows/${id}`, acme);
      expect(plain.body.workflow_details).toBeUndefined();
      for (const [path, token] of [
        [`/workflows/${id}`, globex],
        [`/workflows/${UNKNOWN_ID}`, acme],
        ['/workflows/not-a-uuid', acme],
      ] as const) {
        const response = await send('GET', path, token);
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe('WORKFLOWS.NOT_FOUND');
      }
      expect(
        (await send('POST', `/workflows/${id}/execute`, globex, { input_data: { mrn: 'x' } }))
          .status,
      ).toBe(404);
      expect(
        (
          await send('PUT', `/workflows/${id}`, globex, {
            name: 'stolen',
            workflow_instructions: GLUCOSE_INSTRUCTIONS,
            sample_data: { mrn: '1' },
            fhir_provider_id: globexEhr,
          })
        ).status,
      ).toBe(404);
      expect((await send('DELETE', `/workflows/${id}`, globex)).status).toBe(404);
      expect((await send('GET', `/workflows/${id}`, acme)).body.workflow.name).toBe('Fetched');
    });

    it('update plans the graph again when the instructions change, and keeps it on a rename', async () => {
      const id = await glucoseWorkflow('To update');
      const before = (await send('GET', `/workflows/${id}`, acme)).body.workflow;
      const renamed = await send('PUT', `/workflows/${id}`, acme, {
        name: 'Renamed',
        workflow_instructions: GLUCOSE_INSTRUCTIONS,
        sample_data: { mrn: 'MRN-1', glucose_value: 250 },
        fhir_provider_id: ehr,
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body.workflow.name).toBe('Renamed');
      expect(renamed.body.workflow.graph).toEqual(before.graph);

      const changed = await send('PUT', `/workflows/${id}?verbose=true`, acme, {
        name: 'Renamed',
        workflow_instructions: 'Find the patient by MRN. Create a task to review the chart.',
        sample_data: { mrn: 'MRN-1' },
        fhir_provider_id: [ehr],
      });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.body).toMatchObject({
        success: true,
        message: 'Workflow updated',
        workflow_id: id,
      });
      expect(
        changed.body.workflow.graph.steps.map(
          (step: StepView) => `${step.id} ${step.type} ${step.name}`,
        ),
      ).toEqual(['step_1 search Search Patient', 'step_2 create Create Task']);
      expect(
        changed.body.workflow_details.graph.steps[1].operation.create_definition.resource_template,
      ).toMatchObject({
        description: 'review the chart',
      });
      expect(changed.body.workflow.created_at).toBe(before.created_at);
      expect(new Date(changed.body.workflow.updated_at).getTime()).toBeGreaterThan(
        new Date(before.updated_at).getTime(),
      );
      const stored = await send('GET', `/workflows/${id}`, acme);
      expect(stored.body.workflow.graph.steps).toHaveLength(2);
      expect(
        (
          await send('PUT', `/workflows/${UNKNOWN_ID}`, acme, {
            name: 'x',
            workflow_instructions: 'Find the patient by MRN.',
            sample_data: { mrn: '1' },
            fhir_provider_id: ehr,
          })
        ).status,
      ).toBe(404);
    });

    it('deletes a workflow; one that another workflow calls is kept (409 naming it)', async () => {
      const called = await glucoseWorkflow('Called by another');
      const caller = await createWorkflow({
        name: 'Caller',
        workflow_instructions: "Run the 'Called by another' workflow.",
        sample_data: { mrn: 'MRN-1', glucose_value: 250 },
      });
      expect(caller.status, caller.text).toBe(200);
      const refused = await send('DELETE', `/workflows/${called}`, acme);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: 'WORKFLOWS.REFERENCED',
        details: {
          references: [{ kind: 'workflow', id: caller.body.workflow_id, name: 'Caller' }],
        },
      });
      const deleted = await send('DELETE', `/workflows/${caller.body.workflow_id}`, acme);
      expect(deleted.status, deleted.text).toBe(200);
      expect(deleted.body).toEqual({ success: true, message: 'Workflow deleted' });
      expect((await send('GET', `/workflows/${caller.body.workflow_id}`, acme)).status).toBe(404);
      expect((await send('DELETE', `/workflows/${caller.body.workflow_id}`, acme)).status).toBe(
        404,
      );
      expect((await send('DELETE', `/workflows/${called}`, acme)).status).toBe(200);
    });

    it('refuses an update that makes workflows call each other in a loop', async () => {
      const a = await createWorkflow({
        name: 'Loop A',
        workflow_instructions: 'Create a task to start.',
        sample_data: {},
      });
      const b = await createWorkflow({
        name: 'Loop B',
        workflow_instructions: "Run the 'Loop A' workflow.",
        sample_data: {},
      });
      expect(b.status, b.text).toBe(200);
      const loop = await send('PUT', `/workflows/${a.body.workflow_id}`, acme, {
        name: 'Loop A',
        workflow_instructions: "Create a task to start. Run the 'Loop B' workflow.",
        sample_data: {},
        fhir_provider_id: ehr,
      });
      expect(loop.status, loop.text).toBe(409);
      expect(loop.body.error).toMatchObject({
        code: 'WORKFLOWS.CYCLE',
        details: { cycle: [a.body.workflow_id, b.body.workflow_id, a.body.workflow_id] },
      });
      expect(loop.body.message).toContain('"Loop A" → "Loop B" → "Loop A"');
      const self = await send('PUT', `/workflows/${a.body.workflow_id}`, acme, {
        name: 'Loop A',
        workflow_instructions: `Run workflow ${a.body.workflow_id}.`,
        sample_data: {},
        fhir_provider_id: ehr,
      });
      expect(self.status).toBe(409);
      const unchanged = await send('GET', `/workflows/${a.body.workflow_id}?verbose=true`, acme);
      expect(
        unchanged.body.workflow_details.graph.steps.map((step: StepView) => step.type),
      ).toEqual(['create']);
    });
  });

  describe('for other modules (agents, MCP tools)', () => {
    it('lists workflow summaries by id, leaving out unknown and foreign ids', async () => {
      const own = await createWorkflow({
        name: 'Summarised',
        workflow_instructions: 'Find the patient by MRN. Create a task to call the patient.',
        sample_data: { mrn: 'MRN-1', phone: '555' },
      });
      const foreign = await createWorkflow(
        {
          name: 'Foreign',
          workflow_instructions: 'Create a task to start.',
          sample_data: {},
          fhir_provider_id: globexEhr,
        },
        globex,
      );
      expect(foreign.status, foreign.text).toBe(200);
      const queries = api.app.get(QueryBus);
      const summaries = await queries.execute(
        new ListWorkflowSummariesQuery(acmeAccount, [
          own.body.workflow_id,
          foreign.body.workflow_id,
          UNKNOWN_ID,
          'not-a-uuid',
        ]),
      );
      expect(summaries).toEqual([
        {
          id: own.body.workflow_id,
          name: 'Summarised',
          workflowInstructions: 'Find the patient by MRN. Create a task to call the patient.',
          inputFields: ['mrn', 'phone'],
        },
      ]);
      const all = await queries.execute(new ListWorkflowSummariesQuery(acmeAccount));
      expect(all.map((summary) => summary.id)).toContain(own.body.workflow_id);
      expect(all.map((summary) => summary.id)).not.toContain(foreign.body.workflow_id);
    });

    it('executes through the command bus, in preview; a foreign workflow is a 404', async () => {
      const id = await glucoseWorkflow('Bus run');
      const patient = await patientOnServer('MRN-BUS');
      const commands = api.app.get(CommandBus);
      const result = await commands.execute(
        new ExecuteWorkflowCommand(acmeAccount, id, { mrn: 'MRN-BUS', glucose_value: 300 }, true),
      );
      expect(result).toMatchObject({
        status: 'completed',
        preview: true,
        results: { steps: { step_1: { id: patient }, step_3: { status: 'preview' } } },
      });
      const foreign = await createWorkflow(
        {
          name: 'Not yours',
          workflow_instructions: 'Create a task to start.',
          sample_data: {},
          fhir_provider_id: globexEhr,
        },
        globex,
      );
      const refused = await commands
        .execute(new ExecuteWorkflowCommand(acmeAccount, foreign.body.workflow_id, {}, false))
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ status: 404, code: 'WORKFLOWS.NOT_FOUND' });
    });
  });

  describe('execute against a FHIR server over HTTP', () => {
    it('takes the true path for a high glucose and the false path for a normal one', async () => {
      const id = await glucoseWorkflow('Glucose run');
      const patient = await patientOnServer('MRN-HIGH');
      const high = await send('POST', `/workflows/${id}/execute`, acme, {
        input_data: { mrn: 'MRN-HIGH', glucose_value: 312 },
      });
      expect(high.status, high.text).toBe(200);
      expect(high.body).toMatchObject({
        success: true,
        message: 'Workflow executed',
        status: 'completed',
        preview: false,
        results: {
          steps: {
            step_1: {
              type: 'search_result',
              status: 'completed',
              found: true,
              id: patient,
              count: 1,
            },
            step_2: { type: 'decision_result', outcome: true, path: 'true', next_step: 'step_3' },
            step_3: { type: 'create_result', status: 'completed', resource_type: 'Flag' },
            step_4: { type: 'create_result', status: 'skipped' },
          },
        },
      });
      const flagId = high.body.results.steps.step_3.id;
      expect(high.body.created).toEqual([
        {
          step_path: ['step_3'],
          workflow_id: id,
          provider_id: ehr,
          resource_type: 'Flag',
          id: flagId,
        },
      ]);
      const flag = await onServer(`Flag/${flagId}`);
      expect(flag).toMatchObject({
        code: { text: 'hyperglycemia' },
        subject: { reference: `Patient/${patient}` },
      });

      // Numbers may arrive as text; the sample data says glucose_value is a number.
      const normal = await send('POST', `/workflows/${id}/execute`, acme, {
        input_data: { mrn: 'MRN-HIGH', glucose_value: '140' },
      });
      expect(normal.status, normal.text).toBe(200);
      expect(normal.body.results.steps.step_2).toMatchObject({ outcome: false, path: 'false' });
      expect(normal.body.results.steps.step_3).toMatchObject({ status: 'skipped' });
      expect(await countOnServer(`Flag?patient=Patient/${patient}`)).toBe(1);
      expect(await countOnServer(`Task?patient=Patient/${patient}`)).toBe(1);
      const task = await onServer(`Task/${normal.body.results.steps.step_4.id}`);
      expect(task).toMatchObject({
        description: 'recheck the glucose in 3 months',
        for: { reference: `Patient/${patient}` },
      });
    });

    it('preview builds the resources but leaves the server untouched', async () => {
      const id = await glucoseWorkflow('Glucose preview');
      const patient = await patientOnServer('MRN-PREVIEW');
      const requestsBefore = server.fhirRequests.length;
      const preview = await send('POST', `/workflows/${id}/execute`, acme, {
        input_data: { mrn: 'MRN-PREVIEW', glucose_value: 400 },
        preview: true,
      });
      expect(preview.status, preview.text).toBe(200);
      expect(preview.body).toMatchObject({
        message: 'Workflow previewed; nothing was written',
        preview: true,
        created: [],
        results: {
          steps: {
            step_3: {
              status: 'preview',
              id: 'preview-step-3',
              resource: { resourceType: 'Flag', subject: { reference: `Patient/${patient}` } },
            },
          },
        },
      });
      const methods = server.fhirRequests.slice(requestsBefore).map((request) => request.method);
      expect(methods).toEqual(['GET']);
      expect(await countOnServer(`Flag?patient=Patient/${patient}`)).toBe(0);
      expect(await countOnServer(`Task?patient=Patient/${patient}`)).toBe(0);
    });

    it('runs a sub-workflow and continues with what it produced', async () => {
      const inner = await createWorkflow({
        name: 'Flag the patient',
        workflow_instructions: 'Find the patient by MRN. Create a flag for a chart review.',
        sample_data: { mrn: 'MRN-1' },
      });
      expect(inner.status, inner.text).toBe(200);
      const outer = await createWorkflow({
        name: 'Review and follow up',
        workflow_instructions:
          "Run the 'Flag the patient' workflow. Then create a task to follow up with the patient.",
        sample_data: { mrn: 'MRN-1' },
      });
      expect(outer.status, outer.text).toBe(200);
      const patient = await patientOnServer('MRN-SUB');
      const run = await send('POST', `/workflows/${outer.body.workflow_id}/execute`, acme, {
        input_data: { mrn: 'MRN-SUB' },
      });
      expect(run.status, run.text).toBe(200);
      expect(run.body.results.steps.step_1).toMatchObject({
        type: 'workflow_result',
        status: 'completed',
        workflow_id: inner.body.workflow_id,
        outputs: { patient_id: patient },
        steps: { step_1: { found: true }, step_2: { status: 'completed', resource_type: 'Flag' } },
      });
      expect(
        run.body.created.map((item: { step_path: string[]; resource_type: string }) => [
          item.step_path,
          item.resource_type,
        ]),
      ).toEqual([
        [['step_1', 'step_2'], 'Flag'],
        [['step_2'], 'Task'],
      ]);
      expect(await countOnServer(`Flag?patient=Patient/${patient}`)).toBe(1);
      const tasks = await onServer(`Task?patient=Patient/${patient}`);
      expect(tasks.entry[0].resource.description).toBe('follow up with the patient');
    });

    it('stops at missing input with 400 naming the fields', async () => {
      const id = await glucoseWorkflow('Missing input');
      const response = await send('POST', `/workflows/${id}/execute`, acme, {
        input_data: { glucose_value: 300 },
      });
      expect(response.status, response.text).toBe(400);
      expect(response.body.error.code).toBe('WORKFLOWS.MISSING_INPUT');
      expect(response.body.message).toContain('"mrn"');
      expect(response.body.error.details).toMatchObject({
        failed_step: 'step_1',
        error: { details: { missing_fields: ['mrn'] } },
        results: { steps: { step_1: { status: 'failed' }, step_2: { status: 'not_run' } } },
        created: [],
      });
      const malformed = await send('POST', `/workflows/${id}/execute`, acme, { input_data: 'mrn' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.details[0].field).toBe('input_data');
    });

    it('stops with 502 when a server cannot be reached, reporting what was already created', async () => {
      const created = await createWorkflow({
        name: 'Half reachable',
        workflow_instructions:
          'Create a task to prepare the visit in test-ehr. Find the patient by MRN in dead-ehr.',
        sample_data: { mrn: 'MRN-1' },
        fhir_provider_id: [ehr, deadEhr],
      });
      expect(created.status, created.text).toBe(200);
      const response = await send('POST', `/workflows/${created.body.workflow_id}/execute`, acme, {
        input_data: { mrn: 'MRN-DEAD' },
      });
      expect(response.status, response.text).toBe(502);
      expect(response.body.error.code).toBe('WORKFLOWS.STEP_FAILED');
      expect(response.body.message).toMatch(
        /^Step step_2 failed: .*1 resource was created before it/,
      );
      const details = response.body.error.details;
      expect(details.results.steps.step_2).toMatchObject({
        status: 'failed',
        error: { status: 502 },
      });
      expect(details.created).toEqual([
        expect.objectContaining({ step_path: ['step_1'], resource_type: 'Task', provider_id: ehr }),
      ]);
      const task = await onServer(`Task/${details.created[0].id}`);
      expect(task.description).toBe('prepare the visit');
    });

    it('registers a patient once (lang2fhir template), then finds it', async () => {
      const created = await createWorkflow(
        {
          name: 'Register patient',
          workflow_instructions:
            'Find the patient by MRN. If the patient is not found, create a new patient with the first name, last name, date of birth and MRN.',
          sample_data: {
            mrn: 'MRN-1',
            first_name: 'Ada',
            last_name: 'Lovelace',
            date_of_birth: '1985-12-10',
          },
        },
        acme,
        '?verbose=true',
      );
      expect(created.status, created.text).toBe(200);
      const template =
        created.body.workflow_details.graph.steps[2].operation.create_definition.resource_template;
      expect(JSON.stringify(template)).not.toMatch(/Ada|Lovelace|1985-12-10|MRN-1\b/);
      expect(template).toMatchObject({ resourceType: 'Patient', birthDate: '{{date_of_birth}}' });
      const input = {
        mrn: 'MRN-NEW-7',
        first_name: 'Grace',
        last_name: 'Hopper',
        date_of_birth: '1906-12-09',
      };
      const first = await send('POST', `/workflows/${created.body.workflow_id}/execute`, acme, {
        input_data: input,
      });
      expect(first.status, first.text).toBe(200);
      expect(first.body.results.steps.step_3).toMatchObject({
        status: 'completed',
        resource_type: 'Patient',
      });
      const stored = await onServer(`Patient?identifier=MRN-NEW-7`);
      expect(stored.total).toBe(1);
      expect(stored.entry[0].resource).toMatchObject({
        name: [expect.objectContaining({ family: 'Hopper', given: ['Grace'] })],
        birthDate: '1906-12-09',
      });
      const second = await send('POST', `/workflows/${created.body.workflow_id}/execute`, acme, {
        input_data: input,
      });
      expect(second.body.results.steps.step_3).toMatchObject({ status: 'skipped' });
      expect((await onServer(`Patient?identifier=MRN-NEW-7`)).total).toBe(1);
    });

    it('creates a condition from a lang2fhir template, and builds one at run time with dynamic_generation', async () => {
      const instructions = 'Find the patient by MRN. Create a condition for the diagnosis.';
      const sample = { mrn: 'MRN-1', diagnosis: 'Type 2 diabetes mellitus' };
      const stored = await createWorkflow(
        { name: 'Diagnosis (template)', workflow_instructions: instructions, sample_data: sample },
        acme,
        '?verbose=true',
      );
      expect(stored.status, stored.text).toBe(200);
      const template =
        stored.body.workflow_details.graph.steps[1].operation.create_definition.resource_template;
      expect(template).toMatchObject({
        resourceType: 'Condition',
        code: { text: '{{diagnosis}}' },
        subject: { reference: 'Patient/{{patient_id}}' },
      });
      const dynamic = await createWorkflow(
        {
          name: 'Diagnosis (dynamic)',
          workflow_instructions: instructions,
          sample_data: sample,
          dynamic_generation: true,
        },
        acme,
        '?verbose=true',
      );
      expect(dynamic.status, dynamic.text).toBe(200);
      expect(dynamic.body.workflow.config.dynamic_generation).toBe(true);
      expect(dynamic.body.workflow_details.graph.steps[1]).toMatchObject({
        dynamic_generation: true,
        operation: {
          create_definition: {
            resource_template: {
              resourceType: 'Condition',
              subject: { reference: 'Patient/{{patient_id}}' },
            },
          },
        },
      });

      const patient = await patientOnServer('MRN-DX');
      for (const id of [stored.body.workflow_id, dynamic.body.workflow_id]) {
        const run = await send('POST', `/workflows/${id}/execute`, acme, {
          input_data: { mrn: 'MRN-DX', diagnosis: 'asthma' },
        });
        expect(run.status, run.text).toBe(200);
        const condition = await onServer(`Condition/${run.body.results.steps.step_2.id}`);
        expect(condition.subject).toEqual({ reference: `Patient/${patient}` });
        expect(JSON.stringify(condition.code).toLowerCase()).toContain('asthma');
        expect(JSON.stringify(condition)).not.toContain('diabetes');
      }
      expect(await countOnServer(`Condition?patient=Patient/${patient}`)).toBe(2);
    });
  });
});
