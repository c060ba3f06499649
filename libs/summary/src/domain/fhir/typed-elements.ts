import r4 from 'fhirpath/fhir-context/r4';
import type { FhirResource } from './fhir-resource.js';

/** One element of a resource with its FHIR type and the FHIRPath that selects exactly it. */
export interface TypedElement {
  /** Element name without the choice suffix: `value` for `valueQuantity`. */
  name: string;
  /** FHIR type from the R4 model (`HumanName`, `dateTime`, `BackboneElement`, …). */
  type: string;
  /** FHIRPath from the resource root, with indexes: `name[0].given[1]`, `value.ofType(Quantity)`. */
  path: string;
  value: unknown;
  /** Where the model describes this element's own children. */
  scope: string;
}

/** What the visitor wants after seeing an element: look inside it, or not. */
export type Visit = 'descend' | 'skip';

const SKIPPED_KEYS = new Set(['resourceType', 'contained', 'fhir_comments']);

function typeName(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (typeof entry === 'object' && entry !== null) {
    const code = (entry as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** The model path under which a child's own children are described. */
function childScope(elementPath: string, type: string): string {
  if (type !== 'BackboneElement' && type !== 'Element') return type;
  return r4.pathsDefinedElsewhere[elementPath] ?? elementPath;
}

function segmentFor(scope: string, key: string, type: string): { name: string; segment: string } {
  for (const [base, choices] of choicesAt(scope)) {
    const suffix = key.slice(base.length);
    if (key.startsWith(base) && choices.includes(suffix)) {
      return { name: base, segment: `${base}.ofType(${type})` };
    }
  }
  return { name: key, segment: key };
}

const choiceCache = new Map<string, [string, string[]][]>();

function choicesAt(scope: string): [string, string[]][] {
  let choices = choiceCache.get(scope);
  if (!choices) {
    const prefix = `${scope}.`;
    choices = Object.entries(r4.choiceTypePaths)
      .filter(([path]) => path.startsWith(prefix) && !path.slice(prefix.length).includes('.'))
      .map(([path, types]) => [path.slice(prefix.length), types]);
    choiceCache.set(scope, choices);
  }
  return choices;
}

function walk(
  node: Record<string, unknown>,
  scope: string,
  parentPath: string,
  visit: (element: TypedElement) => Visit,
): void {
  for (const [key, value] of Object.entries(node)) {
    if (SKIPPED_KEYS.has(key) || key.startsWith('_')) continue;
    const modelPath = `${scope}.${key}`;
    // Recursive elements (QuestionnaireResponse.item.item) are described at their first occurrence.
    const type =
      typeName(r4.path2Type[modelPath]) ??
      (r4.pathsDefinedElsewhere[modelPath] ? 'BackboneElement' : undefined);
    if (type === undefined) continue;
    const { name, segment } = segmentFor(scope, key, type);
    const items = Array.isArray(value) ? value : [value];
    items.forEach((item: unknown, index) => {
      const path = `${parentPath === '' ? '' : `${parentPath}.`}${segment}${Array.isArray(value) ? `[${index}]` : ''}`;
      const element = {
        name,
        type,
        path,
        value: item,
        scope: childScope(`${scope}.${name}`, type),
      };
      if (visit(element) === 'skip') return;
      walkElementChildren(element, visit);
    });
  }
}

/**
 * Visits the elements of a resource depth first, in the order they are written, with the
 * types of the R4 model. Unknown elements, primitive extensions (`_birthDate`) and
 * contained resources are not visited.
 */
export function walkTypedElements(
  resource: FhirResource,
  visit: (element: TypedElement) => Visit,
): void {
  walk(resource, resource.resourceType, '', visit);
}

/** Visits the children of one element (the walk continues below them as the visitor asks). */
export function walkElementChildren(
  element: TypedElement,
  visit: (element: TypedElement) => Visit,
): void {
  const value = element.value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    walk(value as Record<string, unknown>, element.scope, element.path, visit);
  }
}
