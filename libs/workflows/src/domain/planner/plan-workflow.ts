import { END_OF_WORKFLOW, type WorkflowStep } from '../workflow.js';
import { WorkflowError, WorkflowErrorCodes } from '../workflow-errors.js';
import { classifyClause } from './clause-kind.js';
import { targetOf } from './clause-target.js';
import { conditionToExpression } from './conditions.js';
import {
  dependenciesOf,
  PlanContext,
  type PlanInput,
  type TemplateRequest,
} from './plan-context.js';
import { takeProvider } from './provider-mention.js';
import { parseStatement, splitSentences, type Statement } from './statements.js';
import { addCreateStep } from './steps/create-step.js';
import { addSearchStep } from './steps/search-step.js';
import { addWorkflowCallStep } from './steps/workflow-call-step.js';

export type { PlanInput, TemplateRequest } from './plan-context.js';

export interface Plan {
  steps: WorkflowStep[];
  templateRequests: TemplateRequest[];
  warnings: string[];
}

export const MAX_STEPS = 100;

/** A decision path not known yet: the first step after the decision's branches. */
const PENDING = '__pending__';

type Conditional = Extract<Statement, { kind: 'conditional' }>;

/**
 * The deterministic planner: instructions and sample data in, the ordered step graph out.
 * Sentences become steps in order; "if …, … otherwise …" becomes a decision followed by
 * its true branch, then its false branch, then the steps after it (the decision's
 * `default`). Create steps that lang2fhir builds come back as template requests, which the
 * caller answers with `finalizeTemplate` before storing the graph.
 */
export function planWorkflow(input: PlanInput): Plan {
  const context = new PlanContext(input);
  const openDefaults = addStatements(context);
  for (const { step, after } of openDefaults) {
    const target = context.steps[after]?.id ?? END_OF_WORKFLOW;
    if (step.operation.kind !== 'decision') continue;
    for (const path of ['true', 'false', 'default'] as const) {
      if (step.operation.paths[path] === PENDING) step.operation.paths[path] = target;
    }
  }
  fillRequiredFields(context.steps);
  if (context.steps.length > MAX_STEPS) {
    throw new WorkflowError(
      'invalid',
      WorkflowErrorCodes.TOO_MANY_STEPS,
      `The instructions give ${context.steps.length} steps; a workflow has at most ${MAX_STEPS} (split it into workflows that call each other)`,
    );
  }
  if (context.steps.length === 0) {
    throw new WorkflowError(
      'invalid',
      WorkflowErrorCodes.NO_STEPS,
      `No step could be derived from the instructions${context.warnings.length > 0 ? `: ${context.warnings.join('; ')}` : ''}. Use sentences such as "Find the patient by MRN", "Create a condition for the diagnosis", "If the glucose is above 200, create a flag" or "Run the workflow 'Register patient'"`,
    );
  }
  return {
    steps: context.steps,
    templateRequests: context.templateRequests,
    warnings: context.warnings,
  };
}

/** Adds every statement's steps; answers the decisions whose `default` is still to be set. */
function addStatements(context: PlanContext): { step: WorkflowStep; after: number }[] {
  const openDefaults: { step: WorkflowStep; after: number }[] = [];
  const statements = splitSentences(context.input.instructions).map(parseStatement);
  for (let index = 0; index < statements.length; index++) {
    const statement = statements[index];
    const next = statements[index + 1];
    if (statement.kind === 'conditional') {
      const otherwise =
        statement.otherwise.length === 0 && next?.kind === 'otherwise' ? next.clauses : null;
      if (otherwise) index++;
      openDefaults.push(addDecision(context, statement, otherwise ?? statement.otherwise));
    } else if (statement.kind === 'otherwise') {
      if (statement.ifNot && context.searches.length > 0) {
        // "If not, …" after a search: if it found nothing.
        const conditional: Conditional = {
          kind: 'conditional',
          text: statement.text,
          condition: 'not found',
          negated: false,
          then: statement.clauses,
          otherwise: [],
        };
        openDefaults.push(addDecision(context, conditional, []));
      } else {
        context.warnings.push(
          `"${statement.text}" has no "if" before it; its actions run unconditionally`,
        );
        for (const clause of statement.clauses) addClause(context, clause, []);
      }
    } else {
      for (const clause of statement.clauses) addClause(context, clause, []);
    }
  }
  return openDefaults;
}

function addDecision(
  context: PlanContext,
  statement: Conditional,
  otherwise: string[],
): { step: WorkflowStep; after: number } {
  const { expression, sources } = conditionToExpression(statement.condition, {
    fields: context.fields,
    searches: context.searches,
  });
  const paths = { true: PENDING, false: PENDING, default: PENDING };
  const decision: WorkflowStep = {
    id: context.nextStepId(),
    name: `Decide: ${statement.negated ? 'unless ' : 'if '}${statement.condition}`,
    description: statement.text,
    type: 'decision',
    providerId: null,
    operation: {
      kind: 'decision',
      expression: statement.negated ? `not (${expression})` : expression,
      paths,
      runtimePlaceholders: sources,
    },
    dependencies: dependenciesOf(sources, []),
    dynamicGeneration: false,
  };
  context.steps.push(decision);
  const control = [decision.id];
  const thenStart = context.steps.length;
  for (const clause of statement.then) addClause(context, clause, control);
  const otherwiseStart = context.steps.length;
  for (const clause of otherwise) addClause(context, clause, control);
  const after = context.steps.length;
  if (thenStart < otherwiseStart) paths.true = context.steps[thenStart].id;
  if (otherwiseStart < after) paths.false = context.steps[otherwiseStart].id;
  if (after === thenStart) {
    context.warnings.push(`"${statement.text}" gives the decision no step to run in either case`);
  }
  return { step: decision, after };
}

function addClause(context: PlanContext, written: string, control: string[]): void {
  const { clause, providerId } = takeProvider(written, context.input.providers);
  const classified = { ...classifyClause(clause), written };
  switch (classified.kind) {
    case 'none':
      context.warnings.push(
        `No step derived from "${clause}": it starts with no action (find, create, record, run … workflow, …)`,
      );
      return;
    case 'unsupported':
      context.warnings.push(
        `"${clause}" changes or removes data, which no step type does (search, create, decision, workflow); it was left out`,
      );
      return;
    case 'workflow':
      addWorkflowCallStep(context, classified, control);
      return;
    case 'search':
    case 'create': {
      const target = targetOf(classified);
      if (!target) {
        context.warnings.push(
          `No step derived from "${clause}": it names no FHIR resource this planner knows (patient, condition, observation, medication, allergy, encounter, …)`,
        );
        return;
      }
      if (classified.kind === 'search') {
        addSearchStep(context, classified, target, control, providerId);
      } else {
        addCreateStep(context, classified, target, control, providerId);
      }
      return;
    }
  }
}

/** Each search lists the fields of its result that later steps read. */
function fillRequiredFields(steps: WorkflowStep[]): void {
  const reads = new Map<string, Set<string>>();
  for (const step of steps) {
    for (const source of Object.values(step.operation.runtimePlaceholders)) {
      for (const match of source.matchAll(/\b(step_\d+)\.result\.([\w.[\]]+)/g)) {
        const set = reads.get(match[1]) ?? new Set<string>();
        set.add(match[2]);
        reads.set(match[1], set);
      }
    }
  }
  for (const step of steps) {
    if (step.operation.kind === 'search') {
      step.operation.requiredFields = [...(reads.get(step.id) ?? [])];
    }
  }
}
