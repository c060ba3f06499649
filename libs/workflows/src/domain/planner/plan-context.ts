import { stepId, type PlaceholderSources, type WorkflowStep } from '../workflow.js';
import { stepsOfSource, type Producer } from './links.js';
import { describeFields, type SampleField } from './sample-fields.js';
import type { KnownWorkflow } from './sub-workflows.js';

export interface PlanInput {
  instructions: string;
  sampleData: Record<string, unknown>;
  /** The workflow's providers; steps use the first unless a clause names another. */
  providers: { id: string; name: string }[];
  dynamicGeneration: boolean;
  /** The account's other workflows, which clauses may call by name or id. */
  workflows: KnownWorkflow[];
}

/** A create step whose template lang2fhir must build from the sample values before the graph is stored. */
export interface TemplateRequest {
  stepId: string;
  resource: string;
  /** The generation text with the sample values in place of the placeholders. */
  text: string;
  /** The step's fields and their sample values, to turn back into placeholders. */
  samples: { field: string; value: unknown }[];
}

/** What the planner has built so far, which each new step reads and adds to. */
export class PlanContext {
  readonly steps: WorkflowStep[] = [];
  readonly templateRequests: TemplateRequest[] = [];
  readonly warnings: string[] = [];
  readonly fields: SampleField[];
  /** Steps that yield the id of a resource, in order. */
  readonly producers: Producer[] = [];
  readonly searches: { stepId: string; resourceType: string }[] = [];

  constructor(readonly input: PlanInput) {
    this.fields = describeFields(input.sampleData);
  }

  nextStepId(): string {
    return stepId(this.steps.length);
  }
}

/** The steps a step reads from, and the decision that routes to it, in step order. */
export function dependenciesOf(sources: PlaceholderSources, control: string[]): string[] {
  const fromData = Object.values(sources).flatMap(stepsOfSource);
  return [...new Set([...control, ...fromData])].sort(
    (a, b) => Number(a.slice(5)) - Number(b.slice(5)),
  );
}
