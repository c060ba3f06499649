import { placeholder } from '../../placeholders.js';
import type { PlaceholderSources } from '../../workflow.js';
import type { ClassifiedClause } from '../clause-kind.js';
import { idPlaceholder, idSource } from '../links.js';
import { dependenciesOf, type PlanContext } from '../plan-context.js';
import { snakeType } from '../resource-vocabulary.js';
import { resolveSubWorkflow } from '../sub-workflows.js';

/**
 * A call of another workflow: each of its input fields takes the caller's field of the
 * same name, or for `<type>_id` the resource of that type found or created before; what
 * it produces can be linked to by the steps after it.
 */
export function addWorkflowCallStep(
  context: PlanContext,
  clause: ClassifiedClause,
  control: string[],
): void {
  const id = context.nextStepId();
  const called = resolveSubWorkflow(clause.text, context.input.workflows);
  const input: Record<string, string> = {};
  const sources: PlaceholderSources = {};
  for (const field of called.inputFields) {
    input[field] = placeholder(field);
    const linked = /^(.+)_id$/.exec(field)?.[1];
    const producerType = linked
      ? context.producers.find((producer) => snakeType(producer.resourceType) === linked)
          ?.resourceType
      : undefined;
    if (field in context.input.sampleData) {
      sources[field] = `input.${field}`;
    } else if (producerType) {
      sources[field] = idSource(context.producers, producerType) ?? `input.${field}`;
    } else {
      sources[field] = `input.${field}`;
      context.warnings.push(
        `The workflow "${called.name}" takes "${field}", which sample_data does not have; it is read from the input under that name`,
      );
    }
  }
  context.steps.push({
    id,
    name: `Run workflow ${called.name}`,
    description: clause.written,
    type: 'workflow',
    providerId: null,
    operation: {
      kind: 'workflow',
      workflowId: called.id,
      workflowName: called.name,
      input,
      runtimePlaceholders: sources,
    },
    dependencies: dependenciesOf(sources, control),
    dynamicGeneration: false,
  });
  for (const type of called.producedTypes) {
    context.producers.push({
      resourceType: type,
      stepId: id,
      path: `outputs.${idPlaceholder(type)}`,
    });
  }
}
