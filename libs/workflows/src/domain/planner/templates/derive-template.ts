import { placeholder, placeholdersIn } from '../../placeholders.js';
import { escapeRegExp } from '../resource-vocabulary.js';
import type { Json } from './skeletons.js';

/** A field value that stood in the text a resource was built from. */
export interface SampleValue {
  field: string;
  value: unknown;
}

/** How lang2fhir derived an element (`{ path: 'issued', method: 'default:now' }`). */
export interface Derivation {
  path: string;
  method: string;
}

/** lang2fhir gives a patient without identifier one of these; a template must not repeat it. */
export const GENERATED_ID_SYSTEM = 'urn:clinical-interop:lang2fhir-generated-id';

/**
 * A resource template from a resource built from sample values: each sample value found
 * in it becomes its `{{field}}` placeholder (a whole value, or the words inside a text).
 * What belonged to that one build goes: `id`, `meta`, the narrative, generated
 * identifiers, elements lang2fhir set to the time of the build (`default:now`), and
 * interpretations computed from a sample value. A coding whose code came from a sample
 * value loses its display (it named the sample code); a coding looked up from a sample
 * text goes (it would be wrong for other inputs) and the concept keeps that text as a
 * placeholder.
 */
export function deriveTemplate(
  resource: Json,
  samples: SampleValue[],
  derivations: Derivation[] = [],
): Json {
  const usable = samples
    .map((sample) => ({ field: sample.field, text: scalarText(sample.value) }))
    .filter((sample): sample is { field: string; text: string } => sample.text !== null)
    .sort((a, b) => b.text.length - a.text.length);
  const { id: _id, meta: _meta, text: _narrative, ...rest } = resource;
  let template = rest;
  for (const derivation of derivations) {
    if (derivation.method === 'default:now') template = withoutPath(template, derivation.path);
  }
  const replaced = replaceValues(template, usable) as Json;
  return dropComputedInterpretations(fixCodings(dropGeneratedIdentifiers(replaced))) as Json;
}

function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}

/** `component[0].valueQuantity` → the resource without that element. */
function withoutPath(resource: Json, path: string): Json {
  const segments = path
    .split(/\.|(?=\[)/)
    .map((segment) => (segment.startsWith('[') ? Number(segment.slice(1, -1)) : segment));
  const copy = structuredClone(resource);
  let parent: unknown = copy;
  for (const segment of segments.slice(0, -1)) {
    parent = (parent as Record<string | number, unknown> | undefined)?.[segment];
    if (parent === null || typeof parent !== 'object') return resource;
  }
  const last = segments.at(-1)!;
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else if (typeof last === 'string') delete (parent as Json)[last];
  return copy;
}

function replaceValues(value: unknown, samples: { field: string; text: string }[]): unknown {
  if (typeof value === 'string') return replaceInText(value, samples);
  if (typeof value === 'number') {
    const sample = samples.find((candidate) => Number(candidate.text) === value);
    return sample ? placeholder(sample.field) : value;
  }
  if (Array.isArray(value)) return value.map((item) => replaceValues(item, samples));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, replaceValues(item, samples)]),
    );
  }
  return value;
}

function replaceInText(text: string, samples: { field: string; text: string }[]): string {
  const whole = samples.find((sample) => sample.text.toLowerCase() === text.trim().toLowerCase());
  if (whole) return placeholder(whole.field);
  let result = text;
  for (const sample of samples) {
    // Short values ("1", "M") would match by chance inside longer texts.
    if (sample.text.length < 3) continue;
    // A date may go on with a time ("2024-01-15T08:00:00Z").
    const after = /^\d{4}-\d{2}-\d{2}$/.test(sample.text) ? '(?![0-9])' : '(?![A-Za-z0-9])';
    const pattern = new RegExp(`(?<![A-Za-z0-9{])${escapeRegExp(sample.text)}${after}`, 'gi');
    result = result.replace(pattern, placeholder(sample.field));
  }
  return result;
}

function dropGeneratedIdentifiers(resource: Json): Json {
  if (!Array.isArray(resource.identifier)) return resource;
  const identifier = (resource.identifier as Json[]).filter(
    (item) => item.system !== GENERATED_ID_SYSTEM,
  );
  const { identifier: _old, ...rest } = resource;
  return identifier.length > 0 ? { ...rest, identifier } : rest;
}

/** An interpretation (high, low) next to a value that is now a placeholder was computed from the sample value. */
function dropComputedInterpretations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropComputedInterpretations);
  if (value === null || typeof value !== 'object') return value;
  const object: Json = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, dropComputedInterpretations(item)]),
  );
  const valueIsInput = Object.entries(object).some(
    ([key, item]) => key.startsWith('value') && placeholdersIn(item).length > 0,
  );
  if (
    valueIsInput &&
    'interpretation' in object &&
    placeholdersIn(object.interpretation).length === 0
  ) {
    const { interpretation: _computed, ...rest } = object;
    return rest;
  }
  return object;
}

function fixCodings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fixCodings);
  if (value === null || typeof value !== 'object') return value;
  const object: Json = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, fixCodings(item)]),
  );
  if (!Array.isArray(object.coding)) return object;
  const conceptText = typeof object.text === 'string' ? object.text : '';
  const codings = (object.coding as Json[]).flatMap((coding) => {
    const codeIsPlaceholder = placeholdersIn(coding.code).length > 0;
    if (codeIsPlaceholder) {
      const { display: _display, ...rest } = coding;
      return [rest];
    }
    const textFromSample =
      placeholdersIn(coding.display).length > 0 || placeholdersIn(conceptText).length > 0;
    return textFromSample ? [] : [coding];
  });
  const displayPlaceholder = (object.coding as Json[])
    .map((coding) => coding.display)
    .find((display) => placeholdersIn(display).length > 0);
  const { coding: _coding, ...rest } = object;
  const text = conceptText !== '' ? conceptText : displayPlaceholder;
  return {
    ...(codings.length > 0 ? { coding: codings } : {}),
    ...rest,
    ...(codings.length === 0 && typeof text === 'string' ? { text } : {}),
  };
}
