import { parseExpression, referencesOf } from '../expression/expression.js';
import { fillPlaceholders, placeholdersIn } from '../placeholders.js';
import type { PlaceholderSources } from '../workflow.js';
import { WorkflowError, WorkflowErrorCodes } from '../workflow-errors.js';
import type { RunScope } from './run-scope.js';
import type { StepReport } from './run-types.js';

/**
 * Fills a step's placeholders from its sources, or explains why it cannot: input fields
 * that are missing (400, the caller's to fix), or earlier steps that gave no value (422:
 * a search that found nothing, a branch that was not taken).
 */
export function resolveValues<T>(
  value: T,
  sources: PlaceholderSources,
  scope: RunScope,
  reports: Record<string, StepReport>,
): T {
  const stepScope = scope.withSources(sources);
  const unknown = placeholdersIn(value).filter((name) => sources[name] === undefined);
  if (unknown.length > 0) {
    throw new WorkflowError(
      'unprocessable',
      WorkflowErrorCodes.STEP_FAILED,
      `The step uses ${unknown.map((name) => `{{${name}}}`).join(', ')} without a source in runtime_placeholders`,
    );
  }
  const filled = fillPlaceholders(value, (name) => stepScope.placeholder(name));
  if (filled.missing.length > 0) throw missingValues(filled.missing, sources, reports);
  return filled.value;
}

/** The input fields a step reads: those named by its sources for the placeholders it uses. */
export function missingValues(
  names: string[],
  sources: PlaceholderSources,
  reports: Record<string, StepReport>,
): WorkflowError {
  const inputFields: string[] = [];
  const stepProblems: string[] = [];
  for (const name of names) {
    const { paths } = referencesOf(parseExpression(sources[name]));
    const steps = paths.filter((path) => path[0] !== 'input');
    if (steps.length === 0) {
      inputFields.push(...paths.map((path) => String(path[1])));
      continue;
    }
    const why = steps.map((path) => {
      const id = String(path[0]);
      const report = reports[id];
      const field = path.slice(2).join('.');
      if (!report) return `${id} has not run`;
      if (report.status === 'skipped') return `${id} was skipped`;
      if (report.type === 'search_result' && report.found === false) return `${id} found no match`;
      return `${id} gave no ${field}`;
    });
    stepProblems.push(`{{${name}}} has no value (${why.join('; ')})`);
  }
  if (inputFields.length > 0) {
    const fields = [...new Set(inputFields)];
    return new WorkflowError(
      'invalid',
      WorkflowErrorCodes.MISSING_INPUT,
      `input_data lacks ${fields.length === 1 ? 'the field' : 'the fields'} ${fields.map((field) => `"${field}"`).join(', ')}`,
      { missing_fields: fields },
    );
  }
  return new WorkflowError(
    'unprocessable',
    WorkflowErrorCodes.STEP_FAILED,
    stepProblems.join('; '),
  );
}
