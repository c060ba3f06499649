import type { FhirResource } from '../fhir/fhir-resource.js';
import { formatFhirValue } from '../fhir/format-value.js';
import { describeReference } from '../fhir/readable-name.js';
import type { ReferenceIndex } from '../fhir/reference-index.js';
import { walkElementChildren, type TypedElement } from '../fhir/typed-elements.js';
import { describeCodeableConcept, describeCoding } from './describe-coding.js';
import { elementLabel } from './element-label.js';

export interface DescribeContext {
  resource: FhirResource;
  references: ReferenceIndex;
}

/** Elements that say nothing a reader searches for, or that are bulk (base64 data). */
const SILENT_TYPES = new Set(['Narrative', 'Meta', 'base64Binary', 'xhtml']);
const SILENT_NAMES = new Set(['id', 'implicitRules', 'language', 'modifierExtension', 'text']);
const LEAF_TYPES = new Set([
  'HumanName',
  'Quantity',
  'SimpleQuantity',
  'Age',
  'Duration',
  'Distance',
  'Count',
  'Money',
  'Range',
  'Ratio',
  'Period',
  'Address',
  'Annotation',
]);

function describeReferenceValue(value: unknown, context: DescribeContext): string | undefined {
  const name = describeReference(value, context.references, context.resource);
  if (name === undefined) return undefined;
  const target = context.references.resolve(value, context.resource);
  const pointer = target?.id
    ? `${target.resourceType}/${target.id}`
    : (value as { reference?: unknown }).reference;
  return typeof pointer === 'string' && pointer !== name ? `${name} (${pointer})` : name;
}

function describeExtension(element: TypedElement, context: DescribeContext): string | undefined {
  const url = (element.value as { url?: unknown }).url;
  const name = typeof url === 'string' ? (url.split('/').pop() ?? url) : 'extension';
  const inner = describeChildren(element, context, new Set(['url']));
  return inner ? `${name}: ${inner}` : undefined;
}

function describeChildren(
  element: TypedElement,
  context: DescribeContext,
  skip = new Set<string>(),
): string | undefined {
  const facts: string[] = [];
  const unlabelled = element.type === 'Extension' ? 'value' : null;
  walkElementChildren(element, (child) => {
    if (skip.has(child.name)) return 'skip';
    const text = describeElement(child, context);
    if (text === undefined) return 'skip';
    facts.push(
      child.type === 'Extension' || child.name === unlabelled
        ? text
        : `${elementLabel(child.name)}: ${text}`,
    );
    return 'skip';
  });
  return facts.length > 0 ? facts.join('; ') : undefined;
}

/**
 * Text for one element: references resolved to readable names, codes with their code and
 * system, quantities with units; structures (a component, a reaction, a dosage) as their
 * own elements in `label: value` pairs.
 */
export function describeElement(
  element: TypedElement,
  context: DescribeContext,
): string | undefined {
  if (SILENT_TYPES.has(element.type) || SILENT_NAMES.has(element.name)) return undefined;
  switch (element.type) {
    case 'Reference':
      return describeReferenceValue(element.value, context);
    case 'CodeableConcept':
      return describeCodeableConcept(element.value);
    case 'Coding':
      return describeCoding(element.value);
    case 'Extension':
      return describeExtension(element, context);
    case 'Identifier': {
      const { value, system } = element.value as { value?: unknown; system?: unknown };
      if (typeof value !== 'string') return undefined;
      return typeof system === 'string' ? `${value} (system ${system})` : value;
    }
    case 'ContactPoint': {
      const { value, system } = element.value as { value?: unknown; system?: unknown };
      if (typeof value !== 'string') return undefined;
      return typeof system === 'string' ? `${system} ${value}` : value;
    }
    case 'Attachment':
      return describeChildren(element, context, new Set(['data', 'hash']));
  }
  if (LEAF_TYPES.has(element.type) || typeof element.value !== 'object' || element.value === null) {
    return formatFhirValue(element.value, element.type);
  }
  return describeChildren(element, context);
}
