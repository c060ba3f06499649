import { parseExpression, toDecision, evaluate } from '../expression/expression.js';
import { finalizeTemplate } from '../planner/templates/finalize-template.js';
import { snakeType } from '../planner/resource-vocabulary.js';
import type {
  CreateOperation,
  DecisionOperation,
  SearchOperation,
  Workflow,
  WorkflowCallOperation,
  WorkflowStep,
} from '../workflow.js';
import { WorkflowError, WorkflowErrorCodes } from '../workflow-errors.js';
import { stepsLeftOut, type Outcome } from './branches.js';
import { missingValues, resolveValues } from './resolve-values.js';
import { RunScope } from './run-scope.js';
import type {
  CreatedResource,
  ExecutionRuntime,
  Json,
  RunFailure,
  RunOptions,
  RunReport,
  StepError,
  StepReport,
} from './run-types.js';

const REPORT_TYPES = {
  search: 'search_result',
  create: 'create_result',
  decision: 'decision_result',
  workflow: 'workflow_result',
} as const;

/**
 * Runs a workflow's steps in order. A decision leaves out the branch it did not take; a
 * sub-workflow runs with the input its step builds, up to `maxDepth` levels and never
 * re-entering a workflow already running. The first failing step stops the run: it is
 * reported with its error, the steps after it as `not_run`, and `created` lists what was
 * written before it. In preview nothing is written: creates report the resource they
 * would have written, with a stand-in id for the steps after them.
 */
export async function executeWorkflow(
  workflow: Workflow,
  input: Record<string, unknown>,
  runtime: ExecutionRuntime,
  options: RunOptions,
  callStack: readonly string[] = [],
): Promise<RunReport> {
  return new Run(workflow, input, runtime, options, [...callStack, workflow.id]).execute();
}

class Run {
  private readonly reports: Record<string, StepReport> = {};
  private readonly created: CreatedResource[] = [];
  private readonly outputs: Record<string, string> = {};
  private readonly leftOut = new Map<string, string>();
  private readonly scope: RunScope;
  private failure?: RunFailure;

  constructor(
    private readonly workflow: Workflow,
    input: Record<string, unknown>,
    private readonly runtime: ExecutionRuntime,
    private readonly options: RunOptions,
    private readonly callStack: string[],
  ) {
    this.scope = new RunScope(input, workflow.sampleData, this.reports);
  }

  async execute(): Promise<RunReport> {
    const steps = this.workflow.graph.steps;
    for (let index = 0; index < steps.length; index++) {
      const step = steps[index];
      const type = REPORT_TYPES[step.type];
      if (this.failure) {
        this.reports[step.id] = { type, status: 'not_run' };
        continue;
      }
      const reason = this.leftOut.get(step.id);
      if (reason !== undefined) {
        this.reports[step.id] = { type, status: 'skipped', reason };
        continue;
      }
      try {
        this.options.budget.takeStep();
        this.reports[step.id] = await this.runStep(step, index);
      } catch (error) {
        const nested = error instanceof SubWorkflowFailure ? error : null;
        this.failure = nested
          ? { ...nested.failure, step_path: [step.id, ...nested.failure.step_path] }
          : { step_path: [step.id], error: this.options.describeFailure(error), cause: error };
        this.reports[step.id] = {
          ...(nested?.report ?? {}),
          type,
          status: 'failed',
          error: nested ? nested.summary : this.failure.error,
        };
      }
    }
    return {
      workflow_id: this.workflow.id,
      status: this.failure ? 'failed' : 'completed',
      steps: this.reports,
      created: this.created,
      outputs: this.outputs,
      ...(this.failure ? { failure: this.failure } : {}),
    };
  }

  private runStep(step: WorkflowStep, index: number): Promise<StepReport> {
    const operation = step.operation;
    switch (operation.kind) {
      case 'search':
        return this.search(step, operation);
      case 'create':
        return this.create(step, operation);
      case 'decision':
        return Promise.resolve(this.decide(step, operation, index));
      case 'workflow':
        return this.callWorkflow(step, operation);
    }
  }

  private async search(step: WorkflowStep, operation: SearchOperation): Promise<StepReport> {
    const parameters = resolveValues(
      operation.searchParameters,
      operation.runtimePlaceholders,
      this.scope,
      this.reports,
    );
    const stringParameters = Object.fromEntries(
      Object.entries(parameters).map(([name, value]) => [name, String(value)]),
    );
    const providerId = this.providerOf(step);
    const { resources, total } = await this.runtime.search(
      providerId,
      operation.resourceType,
      stringParameters,
    );
    const first = resources[0];
    if (typeof first?.id === 'string')
      this.outputs[`${snakeType(operation.resourceType)}_id`] = first.id;
    return {
      type: 'search_result',
      status: 'completed',
      provider_id: providerId,
      resource_type: operation.resourceType,
      query: `${operation.resourceType}?${new URLSearchParams(stringParameters).toString()}`,
      found: resources.length > 0,
      count: total ?? resources.length,
      id: first?.id ?? null,
      resource: first ?? null,
      resources,
    };
  }

  private async create(step: WorkflowStep, operation: CreateOperation): Promise<StepReport> {
    const providerId = this.providerOf(step);
    const template = step.dynamicGeneration
      ? await this.generate(operation)
      : operation.resourceTemplate;
    const resource = resolveValues(
      template,
      operation.runtimePlaceholders,
      this.scope,
      this.reports,
    );
    const key = `${snakeType(operation.resourceType)}_id`;
    if (this.options.preview) {
      const standIn = `preview-${step.id.replace('_', '-')}`;
      this.outputs[key] = standIn;
      return {
        type: 'create_result',
        status: 'preview',
        provider_id: providerId,
        resource_type: operation.resourceType,
        id: standIn,
        resource,
      };
    }
    const stored = await this.runtime.create(providerId, resource);
    this.outputs[key] = stored.id;
    this.created.push({
      step_path: [step.id],
      workflow_id: this.workflow.id,
      provider_id: providerId,
      resource_type: operation.resourceType,
      id: stored.id,
    });
    return {
      type: 'create_result',
      status: 'completed',
      provider_id: providerId,
      resource_type: operation.resourceType,
      id: stored.id,
      resource: stored,
    };
  }

  /** Dynamic generation: lang2fhir builds the resource from this run's values; the step's links and fields complete it. */
  private async generate(operation: CreateOperation): Promise<Json> {
    if (!operation.generation) return operation.resourceTemplate;
    const text = resolveValues(
      operation.generation.text,
      operation.runtimePlaceholders,
      this.scope,
      this.reports,
    );
    const built = await this.runtime.build(operation.generation.resource, text);
    const samples = Object.entries(operation.runtimePlaceholders)
      .filter(([, source]) => /^input\.[\w-]+$/.test(source))
      .map(([field, source]) => ({
        field,
        value: this.scope.inputValue(source.slice('input.'.length)),
      }));
    return finalizeTemplate(operation.resourceTemplate, built, samples);
  }

  private decide(step: WorkflowStep, operation: DecisionOperation, index: number): StepReport {
    const scope = this.scope.withSources(operation.runtimePlaceholders);
    // A missing input is the caller's mistake; a missing step result is what `default` is for.
    const missingInputs = Object.entries(operation.runtimePlaceholders)
      .filter(
        ([name, source]) =>
          /^input\.[\w-]+$/.test(source) && operation.expression.includes(`{{${name}}}`),
      )
      .filter(([name]) => scope.placeholder(name) === undefined)
      .map(([name]) => name);
    if (missingInputs.length > 0) {
      throw missingValues(missingInputs, operation.runtimePlaceholders, this.reports);
    }
    const decision = toDecision(evaluate(parseExpression(operation.expression), scope));
    const outcome: Outcome = decision === null ? 'default' : decision ? 'true' : 'false';
    const steps = this.workflow.graph.steps;
    for (const id of stepsLeftOut(steps, index, operation.paths, outcome)) {
      this.leftOut.set(id, `${step.id} took the ${outcome} path`);
    }
    return {
      type: 'decision_result',
      status: 'completed',
      expression: operation.expression,
      outcome: decision,
      path: outcome,
      next_step: operation.paths[outcome],
    };
  }

  private async callWorkflow(
    step: WorkflowStep,
    operation: WorkflowCallOperation,
  ): Promise<StepReport> {
    const input = resolveValues(
      operation.input,
      operation.runtimePlaceholders,
      this.scope,
      this.reports,
    );
    if (this.callStack.includes(operation.workflowId)) {
      throw new WorkflowError(
        'conflict',
        WorkflowErrorCodes.CYCLE,
        `The workflow ${operation.workflowId} is already running in this call chain (${[...this.callStack, operation.workflowId].join(' → ')})`,
      );
    }
    if (this.callStack.length > this.options.maxDepth) {
      throw new WorkflowError(
        'invalid',
        WorkflowErrorCodes.DEPTH_EXCEEDED,
        `Sub-workflows nest deeper than ${this.options.maxDepth} levels (${[...this.callStack, operation.workflowId].join(' → ')})`,
      );
    }
    this.options.budget.takeSubWorkflowCall();
    const called = await this.runtime.loadWorkflow(operation.workflowId);
    if (!called) {
      throw new WorkflowError(
        'unprocessable',
        WorkflowErrorCodes.STEP_FAILED,
        `The sub-workflow ${operation.workflowId} ("${operation.workflowName}") no longer exists`,
      );
    }
    const sub = await executeWorkflow(called, input, this.runtime, this.options, this.callStack);
    for (const resource of sub.created) {
      this.created.push({ ...resource, step_path: [step.id, ...resource.step_path] });
    }
    Object.assign(this.outputs, sub.outputs);
    const report: StepReport = {
      type: 'workflow_result',
      status: 'completed',
      workflow_id: called.id,
      workflow_name: called.name,
      run_status: sub.status,
      steps: sub.steps,
      created: sub.created,
      outputs: sub.outputs,
    };
    if (sub.failure) throw new SubWorkflowFailure(sub.failure, report);
    return report;
  }

  private providerOf(step: WorkflowStep): string {
    return step.providerId ?? this.workflow.config.fhirProviderIds[0];
  }
}

/** A sub-workflow stopped: the calling step fails with its error and keeps its report. */
class SubWorkflowFailure extends Error {
  readonly summary: StepError;

  constructor(
    readonly failure: RunFailure,
    readonly report: StepReport,
  ) {
    super(failure.error.message);
    this.summary = {
      ...failure.error,
      message: `Step ${failure.step_path.join(' → ')} of the sub-workflow failed: ${failure.error.message}`,
    };
  }
}
