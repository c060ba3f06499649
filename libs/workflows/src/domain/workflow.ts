/**
 * A workflow: instructions and sample data, the providers its steps act on, and the step
 * graph the planner derived from them. The graph is stored as it is here (camelCase); the
 * HTTP layer presents it in the API's snake_case shape.
 */
export type StepType = 'search' | 'create' | 'decision' | 'workflow';

/** Placeholder name → source: `input.<field>` or `step_<n>.result.<field>` (`a ?? b` when several steps may supply it). */
export type PlaceholderSources = Record<string, string>;

export interface SearchOperation {
  kind: 'search';
  originalQuery: string;
  resourceType: string;
  /** FHIR search parameter → value, with `{{placeholders}}`. */
  searchParameters: Record<string, string>;
  /** Fields of the result that later steps read. */
  requiredFields: string[];
  runtimePlaceholders: PlaceholderSources;
}

export interface CreateOperation {
  kind: 'create';
  originalDescription: string;
  resourceType: string;
  /** A FHIR resource with `{{placeholders}}`; with dynamic generation, only the links to other steps. */
  resourceTemplate: Record<string, unknown>;
  runtimePlaceholders: PlaceholderSources;
  /** How lang2fhir is asked: the `resource` value and the text (with placeholders). Absent for built-in skeletons. */
  generation: { resource: string; text: string } | null;
}

export interface WorkflowCallOperation {
  kind: 'workflow';
  workflowId: string;
  workflowName: string;
  /** The sub-workflow's input fields → values with placeholders. */
  input: Record<string, string>;
  runtimePlaceholders: PlaceholderSources;
}

export interface DecisionPaths {
  true: string;
  false: string;
  /** Where the run continues after both branches, and where it goes when the expression has no answer. */
  default: string;
}

export interface DecisionOperation {
  kind: 'decision';
  expression: string;
  paths: DecisionPaths;
  runtimePlaceholders: PlaceholderSources;
}

export type StepOperation =
  SearchOperation | CreateOperation | WorkflowCallOperation | DecisionOperation;

export interface WorkflowStep {
  /** `step_<n>`, numbered from 1 in run order. */
  id: string;
  name: string;
  description: string;
  type: StepType;
  /** The provider the step acts on; null for decisions and sub-workflow calls. */
  providerId: string | null;
  operation: StepOperation;
  /** Steps whose results this step reads, and the decision that routes to it. */
  dependencies: string[];
  dynamicGeneration: boolean;
}

export interface WorkflowGraph {
  steps: WorkflowStep[];
}

export interface WorkflowConfig {
  fhirProviderIds: string[];
  dynamicGeneration: boolean;
}

export interface Workflow {
  id: string;
  accountId: string;
  name: string;
  instructions: string;
  sampleData: Record<string, unknown>;
  config: WorkflowConfig;
  graph: WorkflowGraph;
  createdAt: Date;
  updatedAt: Date;
}

/** The path value marking the end of the run (a decision whose branch is the last thing). */
export const END_OF_WORKFLOW = 'end';

export function stepId(index: number): string {
  return `step_${index + 1}`;
}

/** Ids of the workflows a graph calls as sub-workflows. */
export function calledWorkflowIds(graph: WorkflowGraph): string[] {
  const ids = graph.steps.flatMap((step) =>
    step.operation.kind === 'workflow' ? [step.operation.workflowId] : [],
  );
  return [...new Set(ids)];
}
