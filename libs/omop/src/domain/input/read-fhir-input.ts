import { isObject, text, type JsonObject } from '../fhir/json.js';
import { FhirInputError } from './fhir-input-error.js';

/** One resource of the request, with what is needed to find it and to name it. */
export interface InputEntry {
  resource: JsonObject;
  resourceType: string;
  id: string | undefined;
  fullUrl: string | undefined;
  /** Stable source key: `Type/id`, else the fullUrl, else `Type@<path>`; ids are derived from it. */
  key: string;
  /** Where the resource sits in the request, e.g. `fhir_resources.entry[3].resource`. */
  path: string;
  /** For a contained resource: the resource that contains it. */
  container: InputEntry | undefined;
}

export interface FhirInput {
  entries: InputEntry[];
  isBundle: boolean;
  bundleType: string | undefined;
}

/** Bundle types whose resources are read. The IG names document, collection and message. */
export const ACCEPTED_BUNDLE_TYPES = [
  'collection',
  'document',
  'message',
  'transaction',
  'batch',
  'searchset',
  'history',
  'transaction-response',
  'batch-response',
] as const;
/** In these, an entry may carry no resource (a deletion, a bare response). */
const RESOURCE_OPTIONAL = new Set(['history', 'transaction-response', 'batch-response']);
const MAX_NESTING = 8;
const RESOURCE_TYPE = /^[A-Z][A-Za-z]{1,63}$/;

function checkResource(value: unknown, path: string): JsonObject {
  if (!isObject(value)) {
    throw FhirInputError.at(path, 'must be a FHIR resource (a JSON object with a resourceType)');
  }
  const type = value.resourceType;
  if (typeof type !== 'string' || !RESOURCE_TYPE.test(type)) {
    throw FhirInputError.at(
      `${path}.resourceType`,
      type === undefined ? 'is missing' : 'must be a FHIR resource type name',
    );
  }
  return value;
}

function entryOf(
  resource: JsonObject,
  path: string,
  fullUrl: string | undefined,
  container: InputEntry | undefined,
): InputEntry {
  const resourceType = resource.resourceType as string;
  const id = text(resource.id);
  let key: string;
  if (container) key = `${container.key}#${id ?? path}`;
  else if (id !== undefined) key = `${resourceType}/${id}`;
  else key = fullUrl ?? `${resourceType}@${path}`;
  return { resource, resourceType, id, fullUrl, key, path, container };
}

function addWithContained(entry: InputEntry, into: InputEntry[]): void {
  into.push(entry);
  const contained = entry.resource.contained;
  if (!Array.isArray(contained)) return;
  contained.forEach((item, index) => {
    // A malformed contained resource is left to the shape check; it cannot be referenced.
    if (!isObject(item) || typeof item.resourceType !== 'string') return;
    into.push(entryOf(item, `${entry.path}.contained[${index}]`, undefined, entry));
  });
}

function readBundle(bundle: JsonObject, path: string, depth: number, into: InputEntry[]): string {
  if (depth > MAX_NESTING)
    throw FhirInputError.at(path, `nests Bundles deeper than ${MAX_NESTING}`);
  const type = bundle.type;
  if (type !== undefined && !(ACCEPTED_BUNDLE_TYPES as readonly unknown[]).includes(type)) {
    throw FhirInputError.at(
      `${path}.type`,
      `must be one of ${ACCEPTED_BUNDLE_TYPES.join(', ')} (got ${JSON.stringify(type)})`,
    );
  }
  const entries = bundle.entry;
  if (!Array.isArray(entries)) {
    throw FhirInputError.at(
      `${path}.entry`,
      entries === undefined ? 'is missing: a Bundle needs an entry array' : 'must be an array',
    );
  }
  entries.forEach((entry: unknown, index) => {
    const at = `${path}.entry[${index}]`;
    if (!isObject(entry)) throw FhirInputError.at(at, 'must be an object');
    if (entry.resource === undefined && RESOURCE_OPTIONAL.has(type as string)) return;
    if (entry.resource === undefined) throw FhirInputError.at(`${at}.resource`, 'is missing');
    const resource = checkResource(entry.resource, `${at}.resource`);
    if (resource.resourceType === 'Bundle') {
      readBundle(resource, `${at}.resource`, depth + 1, into);
      return;
    }
    addWithContained(entryOf(resource, `${at}.resource`, text(entry.fullUrl), undefined), into);
  });
  return typeof type === 'string' ? type : 'collection';
}

/**
 * Reads one resource or a Bundle (nested Bundles included in place) into its resources,
 * contained ones after their container. Throws FhirInputError naming the place when the
 * request is not FHIR at that level; the content of each resource is read leniently.
 */
export function readFhirInput(value: unknown, path = 'fhir_resources'): FhirInput {
  const root = checkResource(value, path);
  const entries: InputEntry[] = [];
  if (root.resourceType === 'Bundle') {
    const bundleType = readBundle(root, path, 0, entries);
    return { entries, isBundle: true, bundleType };
  }
  addWithContained(entryOf(root, path, undefined, undefined), entries);
  return { entries, isBundle: false, bundleType: undefined };
}
