import { groupByType, type FhirInput } from '../fhir/fhir-input.js';
import type { TemplateMetadata, TemplateSpan } from '../summary-template.js';
import { deriveTemplate } from './derive/derive-template.js';
import type { FilterContext } from './filters.js';
import { formatTemplate, parseTemplate, type TemplatePart } from './parse-template.js';
import { formatPlaceholder } from './placeholder.js';
import { resolveTargetTypes } from './target-types.js';

export interface PreparedTemplate {
  template: string;
  metadata: TemplateMetadata;
  warnings: string[];
}

function normalisedSpans(parts: readonly TemplatePart[]): TemplateSpan[] {
  return parts.flatMap((part) =>
    part.kind === 'placeholder'
      ? [
          {
            start: part.start,
            end: part.end,
            text: part.source,
            placeholder: formatPlaceholder(part.placeholder),
          },
        ]
      : [],
  );
}

/**
 * POST /fhir2summary/template: with example data, the values of that data found in the
 * example text become placeholders; without it, the `{{Type.path}}` placeholders already
 * in the text are normalised to `<<Type.path>>`. Either way the result is checked like
 * any template (filters, FHIRPath syntax, resource types).
 */
export function templateFromExample(
  exampleSummary: string,
  targetResources: readonly string[],
  exampleData: FhirInput | null,
  context: FilterContext,
): PreparedTemplate {
  const parts = parseTemplate(exampleSummary, 'example_summary');
  const types = resolveTargetTypes(targetResources, exampleData?.entries ?? []);
  const warnings: string[] = [];
  if (exampleData === null) {
    const spans = normalisedSpans(parts);
    if (spans.length === 0)
      warnings.push(
        'example_summary has no {{Type.path}} placeholders and no example_fhir_data was given, so the template is plain text',
      );
    return {
      template: formatTemplate(parts),
      metadata: { derived_from: 'example_summary', placeholder_count: spans.length, spans },
      warnings,
    };
  }
  const resources = groupByType(exampleData.entries);
  for (const type of types) {
    if (!resources.has(type))
      warnings.push(
        `example_fhir_data has no ${type}, so no value of one could be found in the text`,
      );
  }
  const derived = deriveTemplate(parts, types, resources, context);
  const spans = [...normalisedSpans(parts), ...derived.spans].sort(
    (left, right) => left.start - right.start,
  );
  if (derived.spans.length === 0)
    warnings.push(
      'No value of example_fhir_data occurs in example_summary, so no placeholder was derived',
    );
  return {
    template: formatTemplate(derived.parts),
    metadata: { derived_from: 'example_fhir_data', placeholder_count: spans.length, spans },
    warnings,
  };
}

/** PUT: a template written by hand, normalised and checked the same way. */
export function templateFromText(text: string): PreparedTemplate {
  const parts = parseTemplate(text, 'template');
  const spans = normalisedSpans(parts);
  return {
    template: formatTemplate(parts),
    metadata: { derived_from: 'template', placeholder_count: spans.length, spans },
    warnings: [],
  };
}
