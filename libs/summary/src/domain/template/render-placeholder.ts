import type { ResourcesByType } from '../fhir/fhir-input.js';
import {
  evaluateTyped,
  FhirPathEvaluationError,
  type TypedValue,
} from '../fhirpath/fhirpath-engine.js';
import { FILTERS, valueText, type FilterContext } from './filters.js';
import type { Placeholder } from './placeholder.js';

export interface RenderedPlaceholder {
  text: string;
  /** False when the placeholder gave no text: it is then reported in warnings. */
  resolved: boolean;
  /** Why it gave nothing, or what a filter dropped. */
  notes: string[];
}

const NOTHING = (notes: string[]): RenderedPlaceholder => ({ text: '', resolved: false, notes });

/** Evaluates the path on the resources the placeholder names, then applies its filters in order. */
export function renderPlaceholder(
  placeholder: Placeholder,
  resources: ResourcesByType,
  context: FilterContext,
): RenderedPlaceholder {
  const ofType = resources.get(placeholder.resourceType) ?? [];
  const targets =
    placeholder.index === null ? ofType : ofType.slice(placeholder.index, placeholder.index + 1);
  const notes: string[] = [];
  let values: TypedValue[] = [];
  if (targets.length === 0) {
    notes.push(
      ofType.length === 0
        ? `the input has no ${placeholder.resourceType}`
        : `the input has ${ofType.length} ${placeholder.resourceType} resource(s), so index ${placeholder.index} does not exist`,
    );
  } else {
    try {
      values = evaluateTyped(targets, placeholder.path);
    } catch (error) {
      if (!(error instanceof FhirPathEvaluationError)) throw error;
      return NOTHING([error.message]);
    }
  }
  for (const filter of placeholder.filters) {
    const definition = FILTERS[filter.name];
    if (!definition) return NOTHING([`unknown filter ${filter.name}`]);
    const outcome = definition.apply(values, filter.argument, context);
    values = outcome.values;
    notes.push(...outcome.notes);
  }
  const text = values
    .map(valueText)
    .filter((part) => part !== '')
    .join(', ');
  return text === '' ? NOTHING(notes) : { text, resolved: true, notes };
}
