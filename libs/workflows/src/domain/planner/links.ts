import { snakeType } from './resource-vocabulary.js';

/** A step whose result gives the id of a resource of some type. */
export interface Producer {
  resourceType: string;
  stepId: string;
  /** Where the id is in the step's result: `id`, or `outputs.patient_id` for a sub-workflow. */
  path: string;
}

/**
 * The source of `{{<type>_id}}`: the latest step that yields such a resource, falling back
 * to earlier ones (`step_3.result.id ?? step_1.result.id`), because a step in a branch that
 * was not taken, or a search that found nothing, has no id to give.
 */
export function idSource(producers: Producer[], resourceType: string): string | null {
  const candidates = producers.filter((producer) => producer.resourceType === resourceType);
  if (candidates.length === 0) return null;
  return candidates
    .reverse()
    .map((producer) => `${producer.stepId}.result.${producer.path}`)
    .join(' ?? ');
}

export function idPlaceholder(resourceType: string): string {
  return `${snakeType(resourceType)}_id`;
}

/** The step ids a placeholder source reads from. */
export function stepsOfSource(source: string): string[] {
  return [...source.matchAll(/\b(step_\d+)\.result\b/g)].map((match) => match[1]);
}
