import { AppError, summarizeFailure } from '@app/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { planWorkflow } from '../planner/plan-workflow.js';
import type { KnownWorkflow } from '../planner/sub-workflows.js';
import type { Workflow, WorkflowStep } from '../workflow.js';
import { executeWorkflow } from './execute-workflow.js';
import { RunBudget } from './run-budget.js';
import type { ExecutionRuntime, Json, RunOptions } from './run-types.js';

const PROVIDER = '11111111-1111-4111-8111-111111111111';
const UNLIMITED = { maxSteps: Infinity, maxSubWorkflowCalls: Infinity };
const describeFailure = (error: unknown) =>
  summarizeFailure(error, 'The step failed on an internal error');
const OPTIONS: RunOptions = {
  preview: false,
  maxDepth: 5,
  budget: new RunBudget(UNLIMITED),
  describeFailure,
};

/**
 * A small FHIR store in memory standing in for the FHIR servers (searches by exact
 * parameter value on identifier, patient/subject and code:text), and the lang2fhir
 * stand-in used for dynamic generation.
 */
class MemoryRuntime implements ExecutionRuntime {
  readonly resources: Json[] = [];
  readonly searches: string[] = [];
  readonly builds: { resource: string; text: string }[] = [];
  readonly workflows = new Map<string, Workflow>();
  failCreatesWith: AppError | null = null;

  search(_provider: string, resourceType: string, parameters: Record<string, string>) {
    this.searches.push(`${resourceType}?${new URLSearchParams(parameters).toString()}`);
    const matches = this.resources.filter(
      (resource) =>
        resource.resourceType === resourceType &&
        Object.entries(parameters).every(([name, value]) =>
          matchesParameter(resource, name, value),
        ),
    );
    return Promise.resolve({ resources: matches, total: matches.length });
  }

  create(_provider: string, resource: Json) {
    if (this.failCreatesWith) return Promise.reject(this.failCreatesWith);
    const stored = { ...resource, id: `r${this.resources.length + 1}` };
    this.resources.push(stored);
    return Promise.resolve(stored);
  }

  build(resource: string, text: string) {
    this.builds.push({ resource, text });
    return Promise.resolve({
      resourceType: 'Condition',
      code: { text: text.replace(/^.*diagnosis /, '') },
    });
  }

  loadWorkflow(id: string) {
    return Promise.resolve(this.workflows.get(id) ?? null);
  }
}

function matchesParameter(resource: Json, name: string, value: string): boolean {
  if (name.startsWith('_')) return true;
  if (name === 'identifier') {
    return ((resource.identifier as Json[] | undefined) ?? []).some((item) => item.value === value);
  }
  if (name === 'patient') {
    const link = (resource.subject ?? resource.patient ?? resource.for) as Json | undefined;
    return link?.reference === value;
  }
  if (name === 'code:text') {
    const text = (resource.code as { text?: string } | undefined)?.text ?? '';
    return text.toLowerCase().includes(value.toLowerCase());
  }
  return false;
}

function workflowFrom(
  instructions: string,
  sampleData: Record<string, unknown>,
  id = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  known: KnownWorkflow[] = [],
  dynamicGeneration = false,
): Workflow {
  const plan = planWorkflow({
    instructions,
    sampleData,
    providers: [{ id: PROVIDER, name: 'sandbox' }],
    dynamicGeneration,
    workflows: known,
  });
  // Templates lang2fhir would build are given here by hand.
  for (const request of plan.templateRequests) {
    const step = plan.steps.find((candidate) => candidate.id === request.stepId)!;
    if (step.operation.kind === 'create' && step.operation.resourceType === 'Patient') continue;
    if (step.operation.kind === 'create') {
      step.operation.resourceTemplate = {
        ...step.operation.resourceTemplate,
        code: { text: '{{diagnosis}}' },
      };
    }
  }
  return {
    id,
    accountId: 'account',
    name: `workflow ${id.slice(0, 4)}`,
    instructions,
    sampleData,
    config: { fhirProviderIds: [PROVIDER], dynamicGeneration },
    graph: { steps: plan.steps },
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}

const REGISTRATION =
  'Find the patient by MRN. If the patient is not found, create a new patient with the first name, last name and MRN. Create a condition for the diagnosis.';
const REGISTRATION_SAMPLE = { mrn: 'M1', first_name: 'Ann', last_name: 'Lee', diagnosis: 'asthma' };

describe('workflow execution', () => {
  let runtime: MemoryRuntime;

  beforeEach(() => {
    runtime = new MemoryRuntime();
  });

  it('registers a patient once: the second run finds it and takes the other path', async () => {
    const workflow = workflowFrom(REGISTRATION, REGISTRATION_SAMPLE);
    const input = { mrn: 'M7', first_name: 'Bo', last_name: 'Chan', diagnosis: 'gout' };

    const first = await executeWorkflow(workflow, input, runtime, OPTIONS);
    expect(first.status).toBe('completed');
    expect(first.steps.step_1).toMatchObject({
      type: 'search_result',
      status: 'completed',
      found: false,
      count: 0,
    });
    expect(first.steps.step_2).toMatchObject({
      type: 'decision_result',
      outcome: true,
      path: 'true',
      next_step: 'step_3',
    });
    expect(first.steps.step_3).toMatchObject({
      type: 'create_result',
      status: 'completed',
      id: 'r1',
    });
    expect(runtime.resources[0]).toMatchObject({
      resourceType: 'Patient',
      identifier: [{ value: 'M7' }],
      name: [{ family: 'Chan', given: ['Bo'] }],
    });
    expect(runtime.resources[1]).toMatchObject({
      resourceType: 'Condition',
      code: { text: 'gout' },
      subject: { reference: 'Patient/r1' },
    });
    expect(first.created.map((item) => [item.step_path, item.resource_type, item.id])).toEqual([
      [['step_3'], 'Patient', 'r1'],
      [['step_4'], 'Condition', 'r2'],
    ]);
    expect(first.outputs).toEqual({ patient_id: 'r1', condition_id: 'r2' });

    const second = await executeWorkflow(workflow, input, runtime, OPTIONS);
    expect(second.steps.step_1).toMatchObject({ found: true, id: 'r1' });
    expect(second.steps.step_2).toMatchObject({
      outcome: false,
      path: 'false',
      next_step: 'step_4',
    });
    expect(second.steps.step_3).toEqual({
      type: 'create_result',
      status: 'skipped',
      reason: 'step_2 took the false path',
    });
    expect(
      runtime.resources.filter((resource) => resource.resourceType === 'Patient'),
    ).toHaveLength(1);
    expect(runtime.resources[2]).toMatchObject({ subject: { reference: 'Patient/r1' } });
    expect(runtime.searches).toEqual(['Patient?identifier=M7', 'Patient?identifier=M7']);
  });

  it('takes each branch of a threshold, and the default path (neither branch) when the value is unknown', async () => {
    const workflow = workflowFrom(
      'Find the latest observation for the patient. If it is above 200, create a flag for hyperglycemia, otherwise create a task to recheck. Create a communication about the result.',
      {},
    );
    const observation = (value?: number) => ({
      resourceType: 'Observation',
      id: `o${value ?? 'x'}`,
      ...(value === undefined ? {} : { valueQuantity: { value } }),
    });
    const kinds = async () => {
      const before = runtime.resources.length;
      const report = await executeWorkflow(workflow, {}, runtime, OPTIONS);
      return {
        report,
        made: runtime.resources.slice(before).map((resource) => resource.resourceType),
      };
    };
    runtime.resources.push(observation(250));
    const high = await kinds();
    expect(high.made).toEqual(['Flag', 'Communication']);
    expect(high.report.steps.step_4).toMatchObject({ status: 'skipped' });

    runtime.resources.splice(0, runtime.resources.length, observation(150));
    const low = await kinds();
    expect(low.made).toEqual(['Task', 'Communication']);
    expect(low.report.steps.step_3).toMatchObject({
      status: 'skipped',
      reason: 'step_2 took the false path',
    });

    runtime.resources.splice(0, runtime.resources.length, observation());
    const unknown = await kinds();
    expect(unknown.made).toEqual(['Communication']);
    expect(unknown.report.steps.step_2).toMatchObject({
      outcome: null,
      path: 'default',
      next_step: 'step_5',
    });
  });

  it('gives input values the type of the sample data ("250" compares as a number)', async () => {
    const workflow = workflowFrom('If the glucose is above 200, create a flag for high glucose.', {
      glucose: 180,
    });
    const report = await executeWorkflow(workflow, { glucose: '250' }, runtime, OPTIONS);
    expect(report.steps.step_1).toMatchObject({ outcome: true });
  });

  it('stops at a missing input field, naming it, and reports what was created before', async () => {
    const workflow = workflowFrom(
      'Create a task to call the patient. Find the patient by MRN. Create a flag for follow-up.',
      { mrn: 'M1' },
    );
    const report = await executeWorkflow(workflow, {}, runtime, OPTIONS);
    expect(report.status).toBe('failed');
    expect(report.steps.step_1).toMatchObject({ status: 'completed', id: 'r1' });
    expect(report.steps.step_2).toMatchObject({
      status: 'failed',
      error: { code: 'WORKFLOWS.MISSING_INPUT', status: 400, details: { missing_fields: ['mrn'] } },
    });
    expect(report.steps.step_3).toEqual({ type: 'create_result', status: 'not_run' });
    expect(report.failure?.step_path).toEqual(['step_2']);
    expect(report.created).toEqual([
      expect.objectContaining({ step_path: ['step_1'], resource_type: 'Task', id: 'r1' }),
    ]);
  });

  it('explains a value an earlier step could not give', async () => {
    const workflow = workflowFrom(
      'Find the patient by MRN. Create a condition for the diagnosis.',
      {
        mrn: 'M1',
        diagnosis: 'asthma',
      },
    );
    const report = await executeWorkflow(
      workflow,
      { mrn: 'nobody', diagnosis: 'gout' },
      runtime,
      OPTIONS,
    );
    expect(report.steps.step_2).toMatchObject({
      status: 'failed',
      error: {
        code: 'WORKFLOWS.STEP_FAILED',
        status: 422,
        message: '{{patient_id}} has no value (step_1 found no match)',
      },
    });
  });

  it('stops when the FHIR server fails, keeping its error', async () => {
    const workflow = workflowFrom(
      'Create a task to call the patient. Create a flag for follow-up.',
      {},
    );
    const report = await executeWorkflow(workflow, {}, runtime, OPTIONS);
    expect(report.created).toHaveLength(2);
    runtime.failCreatesWith = new AppError(
      502,
      'FHIR.UNREACHABLE',
      'The FHIR server could not be reached',
    );
    const failed = await executeWorkflow(workflow, {}, runtime, OPTIONS);
    expect(failed.steps.step_1).toMatchObject({
      status: 'failed',
      error: { code: 'FHIR.UNREACHABLE', status: 502 },
    });
    expect(failed.steps.step_2).toMatchObject({ status: 'not_run' });
    expect(failed.created).toEqual([]);
  });

  it('writes nothing in preview; later steps see stand-in ids', async () => {
    const workflow = workflowFrom(REGISTRATION, REGISTRATION_SAMPLE);
    const report = await executeWorkflow(
      workflow,
      { mrn: 'M9', first_name: 'Cy', last_name: 'Dee', diagnosis: 'flu' },
      runtime,
      { ...OPTIONS, preview: true },
    );
    expect(runtime.resources).toEqual([]);
    expect(report.created).toEqual([]);
    expect(report.steps.step_3).toMatchObject({
      status: 'preview',
      id: 'preview-step-3',
      resource: { resourceType: 'Patient' },
    });
    expect(report.steps.step_4).toMatchObject({
      status: 'preview',
      resource: { subject: { reference: 'Patient/preview-step-3' }, code: { text: 'flu' } },
    });
  });

  it('runs a sub-workflow with the input its step builds and links to what it produced', async () => {
    const register = workflowFrom(
      'Find the patient by MRN. If the patient is not found, create a new patient with the MRN and last name.',
      { mrn: 'M1', last_name: 'Lee' },
      'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    );
    runtime.workflows.set(register.id, register);
    const main = workflowFrom(
      "Run the 'workflow bbbb' workflow. Then create a flag for review.",
      { mrn: 'M1', last_name: 'Lee' },
      'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
      [
        {
          id: register.id,
          name: register.name,
          inputFields: ['mrn', 'last_name'],
          producedTypes: ['Patient'],
        },
      ],
    );
    const report = await executeWorkflow(main, { mrn: 'M5', last_name: 'Park' }, runtime, OPTIONS);
    expect(report.status).toBe('completed');
    expect(report.steps.step_1).toMatchObject({
      type: 'workflow_result',
      status: 'completed',
      workflow_id: register.id,
      outputs: { patient_id: 'r1' },
      steps: { step_3: { status: 'completed', id: 'r1' } },
    });
    expect(runtime.resources[1]).toMatchObject({
      resourceType: 'Flag',
      subject: { reference: 'Patient/r1' },
    });
    expect(report.created.map((item) => item.step_path)).toEqual([
      ['step_1', 'step_3'],
      ['step_2'],
    ]);
  });

  it('refuses at run time a loop between workflows, and nesting beyond the limit', async () => {
    const call = (id: string, target: string): Workflow => ({
      ...workflowFrom('Create a task to start.', {}, id),
      graph: {
        steps: [
          {
            id: 'step_1',
            name: 'Run',
            description: 'run',
            type: 'workflow',
            providerId: null,
            operation: {
              kind: 'workflow',
              workflowId: target,
              workflowName: target,
              input: {},
              runtimePlaceholders: {},
            },
            dependencies: [],
            dynamicGeneration: false,
          } satisfies WorkflowStep,
        ],
      },
    });
    const a = call('a', 'b');
    runtime.workflows.set('b', call('b', 'a'));
    const loop = await executeWorkflow(a, {}, runtime, OPTIONS);
    expect(loop.failure?.step_path).toEqual(['step_1', 'step_1']);
    expect(loop.failure?.error).toMatchObject({
      code: 'WORKFLOWS.CYCLE',
      message: expect.stringContaining('a → b → a'),
    });
    expect(loop.steps.step_1).toMatchObject({ status: 'failed', workflow_id: 'b' });

    for (let level = 0; level < 8; level++)
      runtime.workflows.set(`w${level}`, call(`w${level}`, `w${level + 1}`));
    const deep = await executeWorkflow(runtime.workflows.get('w0')!, {}, runtime, {
      ...OPTIONS,
      maxDepth: 3,
    });
    expect(deep.failure?.error.code).toBe('WORKFLOWS.DEPTH_EXCEEDED');
    expect(deep.failure?.step_path).toEqual(['step_1', 'step_1', 'step_1', 'step_1']);
  });

  describe('work budget', () => {
    const callStep = (index: number, target: string): WorkflowStep => ({
      id: `step_${index}`,
      name: `Run ${target}`,
      description: 'run',
      type: 'workflow',
      providerId: null,
      operation: {
        kind: 'workflow',
        workflowId: target,
        workflowName: target,
        input: {},
        runtimePlaceholders: {},
      },
      dependencies: [],
      dynamicGeneration: false,
    });
    /** `fan` calls `leaf` three times; `leaf` is one create step. */
    const fan = (): Workflow => {
      const leaf = workflowFrom('Create a task to start.', {}, 'leaf');
      runtime.workflows.set('leaf', leaf);
      const top = workflowFrom('Create a task to start.', {}, 'fan');
      return { ...top, graph: { steps: [1, 2, 3].map((index) => callStep(index, 'leaf')) } };
    };
    const run = (limits: typeof UNLIMITED, signal?: AbortSignal) =>
      executeWorkflow(fan(), {}, runtime, {
        preview: true,
        maxDepth: 5,
        budget: new RunBudget(limits, signal),
        describeFailure,
      });

    it('completes when the steps, sub-workflows included, fit the budget', async () => {
      const report = await run({ maxSteps: 6, maxSubWorkflowCalls: 3 });
      expect(report.status).toBe('completed');
    });

    it('stops at the step past the step limit, counting sub-workflow steps', async () => {
      const report = await run({ maxSteps: 5, maxSubWorkflowCalls: 10 });
      expect(report.failure?.error).toMatchObject({
        code: 'WORKFLOWS.BUDGET_EXCEEDED',
        status: 422,
        message: expect.stringContaining('more than 5 steps'),
      });
      // The sixth step is the third call's own step inside `leaf`.
      expect(report.failure?.step_path).toEqual(['step_3', 'step_1']);
    });

    it('stops at the sub-workflow call past the fan-out limit', async () => {
      const report = await run({ maxSteps: 100, maxSubWorkflowCalls: 2 });
      expect(report.failure?.error.code).toBe('WORKFLOWS.BUDGET_EXCEEDED');
      expect(report.failure?.step_path).toEqual(['step_3']);
      expect(report.steps.step_1).toMatchObject({ status: 'completed' });
    });

    it('stops before the next step once the signal is aborted, saying why', async () => {
      const deadline = new AbortController();
      deadline.abort('deadline');
      const late = await run(UNLIMITED, deadline.signal);
      expect(late.failure?.error).toMatchObject({
        code: 'WORKFLOWS.DEADLINE_EXCEEDED',
        status: 504,
      });
      expect(late.steps.step_2).toMatchObject({ status: 'not_run' });
      const gone = new AbortController();
      gone.abort('client-disconnected');
      expect((await run(UNLIMITED, gone.signal)).failure?.error.code).toBe('WORKFLOWS.CANCELLED');
    });
  });

  it("builds a dynamic step with lang2fhir from this run's values, then links it", async () => {
    const workflow = workflowFrom(
      'Find the patient by MRN and create a condition for the diagnosis.',
      { mrn: 'M1', diagnosis: 'asthma' },
      'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
      [],
      true,
    );
    runtime.resources.push({ resourceType: 'Patient', id: 'p9', identifier: [{ value: 'M2' }] });
    const report = await executeWorkflow(
      workflow,
      { mrn: 'M2', diagnosis: 'migraine' },
      runtime,
      OPTIONS,
    );
    expect(runtime.builds).toEqual([
      {
        resource: 'condition-problems-health-concerns',
        text: 'create a condition for the diagnosis migraine',
      },
    ]);
    expect(report.steps.step_2).toMatchObject({
      status: 'completed',
      resource: {
        resourceType: 'Condition',
        code: { text: 'migraine' },
        subject: { reference: 'Patient/p9' },
      },
    });
  });
});
