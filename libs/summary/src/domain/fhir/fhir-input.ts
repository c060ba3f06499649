import { SummaryError, SummaryErrorCodes } from '../summary-errors.js';
import { isFhirResource, type FhirResource } from './fhir-resource.js';
import { isResourceType } from './resource-types.js';

/** One resource of the input and, for a Bundle entry, the fullUrl it was given. */
export interface ResourceEntry {
  resource: FhirResource;
  fullUrl: string | null;
}

export interface FhirInput {
  /** The resources in input order; entries of nested Bundles are included in place. */
  entries: ResourceEntry[];
  /** True when the input was a Bundle rather than one resource. */
  isBundle: boolean;
}

function invalid(field: string, problem: string): SummaryError {
  return new SummaryError('invalid', SummaryErrorCodes.INVALID_FHIR, `${field} ${problem}`, [
    { path: field, problem },
  ]);
}

function holdsNull(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  return Object.values(value).some(holdsNull);
}

function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== null).map(dropNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== null)
      .map(([key, item]) => [key, dropNulls(item)]),
  );
}

/**
 * FHIR JSON has no nulls; tolerated input may. They are read as absent (a copy without them,
 * made only when there is one), so no reader meets a null where it expects an element.
 */
function readable(resource: FhirResource): FhirResource {
  return holdsNull(resource) ? (dropNulls(resource) as FhirResource) : resource;
}

function checkResource(value: unknown, field: string): FhirResource {
  if (!isFhirResource(value)) {
    throw invalid(field, 'must be a FHIR resource (a JSON object with a resourceType)');
  }
  return value;
}

function checkRoot(value: unknown, field: string): FhirResource {
  const root = checkResource(value, field);
  if (!isResourceType(root.resourceType)) {
    throw invalid(`${field}.resourceType`, `"${root.resourceType}" is not a FHIR R4 resource type`);
  }
  return root;
}

function collect(bundle: FhirResource, field: string, into: ResourceEntry[]): void {
  const entries = bundle.entry;
  if (entries === undefined) return;
  if (!Array.isArray(entries)) throw invalid(`${field}.entry`, 'must be an array');
  entries.forEach((entry: unknown, index) => {
    const at = `${field}.entry[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw invalid(at, 'must be an object');
    const { resource, fullUrl } = entry as { resource?: unknown; fullUrl?: unknown };
    // Entries without a resource (deletions in a history, bare responses) carry no data.
    if (resource === undefined) return;
    const checked = checkResource(resource, `${at}.resource`);
    // An entry of an unknown type is not read (the input policy warned about it).
    if (!isResourceType(checked.resourceType)) return;
    if (checked.resourceType === 'Bundle') {
      collect(checked, `${at}.resource`, into);
      return;
    }
    into.push({
      resource: readable(checked),
      fullUrl: typeof fullUrl === 'string' ? fullUrl : null,
    });
  });
}

/**
 * Reads a single resource or a Bundle into its resources; 400 naming the place when it is not
 * FHIR. Entries of unknown resource types are skipped; the content of each resource is read
 * as it is (the input policy has reported what R4 validation finds in it).
 */
export function readFhirInput(value: unknown, field = 'fhir_resources'): FhirInput {
  const root = checkRoot(value, field);
  if (root.resourceType !== 'Bundle') {
    return { entries: [{ resource: readable(root), fullUrl: null }], isBundle: false };
  }
  const entries: ResourceEntry[] = [];
  collect(root, field, entries);
  return { entries, isBundle: true };
}

/** The resources of one type, in input order: what `Type[index]` in a placeholder counts over. */
export function resourcesOfType(entries: readonly ResourceEntry[], type: string): FhirResource[] {
  return entries
    .filter((entry) => entry.resource.resourceType === type)
    .map((entry) => entry.resource);
}

/** Resources grouped by type, each group in input order. */
export type ResourcesByType = ReadonlyMap<string, readonly FhirResource[]>;

export function groupByType(entries: readonly ResourceEntry[]): ResourcesByType {
  const groups = new Map<string, FhirResource[]>();
  for (const { resource } of entries) {
    const group = groups.get(resource.resourceType);
    if (group) group.push(resource);
    else groups.set(resource.resourceType, [resource]);
  }
  return groups;
}
