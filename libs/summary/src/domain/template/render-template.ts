import type { ResourcesByType } from '../fhir/fhir-input.js';
import type { FilterContext } from './filters.js';
import type { TemplatePart } from './parse-template.js';
import { formatPlaceholder } from './placeholder.js';
import { renderPlaceholder } from './render-placeholder.js';

export interface RenderedTemplate {
  text: string;
  /** One entry per placeholder occurrence that resolved to nothing, and per dropped value. */
  warnings: string[];
}

/** Narrative mode: the template with each placeholder replaced by what it resolves to ('' when nothing). */
export function renderTemplate(
  parts: readonly TemplatePart[],
  resources: ResourcesByType,
  context: FilterContext,
): RenderedTemplate {
  const warnings: string[] = [];
  let text = '';
  for (const part of parts) {
    if (part.kind === 'text') {
      text += part.text;
      continue;
    }
    const rendered = renderPlaceholder(part.placeholder, resources, context);
    const name = formatPlaceholder(part.placeholder);
    if (!rendered.resolved) {
      const why = rendered.notes.length > 0 ? ` (${rendered.notes.join('; ')})` : '';
      warnings.push(`${name} resolved to nothing${why}`);
    } else {
      warnings.push(...rendered.notes.map((note) => `${name}: ${note}`));
    }
    text += rendered.text;
  }
  return { text, warnings };
}
