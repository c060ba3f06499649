import type { RunBudget } from './run-budget.js';
import type { Workflow } from '../workflow.js';

export type Json = Record<string, unknown>;

/** What a run needs from the outside world; the application layer implements it over the FHIR client and lang2fhir. */
export interface ExecutionRuntime {
  /** One page of matches of a search on a provider. */
  search(
    providerId: string,
    resourceType: string,
    parameters: Record<string, string>,
  ): Promise<{ resources: Json[]; total: number | null }>;
  create(providerId: string, resource: Json): Promise<Json & { id: string }>;
  /** lang2fhir: one resource built from text (dynamic generation). */
  build(resource: string, text: string): Promise<Json>;
  /** Another workflow of the same account, or null. */
  loadWorkflow(id: string): Promise<Workflow | null>;
}

export interface RunOptions {
  preview: boolean;
  /** How deep sub-workflows may nest (the top workflow is depth 0). */
  maxDepth: number;
  /** Shared by the whole execution, sub-workflows included. */
  budget: RunBudget;
  /** How a step's error reads in its report: the application layer knows the statuses. */
  describeFailure(error: unknown): StepError;
}

export type StepStatus = 'completed' | 'preview' | 'skipped' | 'failed' | 'not_run';

export interface StepError {
  code: string;
  message: string;
  /** The HTTP status this failure would answer on its own. */
  status: number;
  details?: unknown;
}

/**
 * One step's report, which is also what `step_<n>.result.<field>` reads: a search gives
 * `found`, `count`, `id`, `resource`, `resources`; a create `id`, `resource`; a decision
 * `outcome` and `next_step`; a sub-workflow `status`, `steps`, `created`, `outputs`.
 */
export interface StepReport {
  type: 'search_result' | 'create_result' | 'decision_result' | 'workflow_result';
  status: StepStatus;
  [field: string]: unknown;
}

export interface CreatedResource {
  /** Step ids from the top workflow down to the step that created it (`["step_2", "step_1"]`). */
  step_path: string[];
  workflow_id: string;
  provider_id: string;
  resource_type: string;
  id: string;
}

export interface RunFailure {
  /** Step ids from the top workflow down to the step that failed. */
  step_path: string[];
  error: StepError;
  /** The original error, for the logs (never answered). */
  cause?: unknown;
}

export interface RunReport {
  workflow_id: string;
  status: 'completed' | 'failed';
  steps: Record<string, StepReport>;
  created: CreatedResource[];
  /** `<type>_id` → the id of the last resource of that type found or created. */
  outputs: Record<string, string>;
  failure?: RunFailure;
}
