import { throwIfStopped, workPacer } from '@app/shared';
import type { ResourceEntry } from '../fhir/fhir-input.js';
import type { FhirResource } from '../fhir/fhir-resource.js';
import { readableName } from '../fhir/readable-name.js';
import type { ReferenceIndex } from '../fhir/reference-index.js';
import { walkTypedElements } from '../fhir/typed-elements.js';
import { describeElement } from './describe-element.js';
import { elementLabel } from './element-label.js';

export interface FlattenedResource {
  resourceType: string;
  id: string | null;
  fullUrl: string | null;
  label: string;
  lines: string[];
}

const OWNER_ELEMENTS = ['subject', 'patient', 'beneficiary'];

function ownerOf(resource: FhirResource, references: ReferenceIndex): string | null {
  for (const element of OWNER_ELEMENTS) {
    const owner = references.resolve(resource[element], resource);
    if (owner && owner.resourceType === 'Patient' && owner !== resource) return readableName(owner);
    const display = (resource[element] as { display?: unknown } | undefined)?.display;
    if (typeof display === 'string') return display;
  }
  return null;
}

/**
 * Flatten mode: each resource becomes lines that each stand alone for retrieval. Every
 * line starts with what the resource is, its name and whose it is, then one fact.
 */
export function flattenResource(
  entry: ResourceEntry,
  references: ReferenceIndex,
): FlattenedResource {
  const { resource } = entry;
  const label = readableName(resource, references);
  const owner = resource.resourceType === 'Patient' ? null : ownerOf(resource, references);
  const subject = `${resource.resourceType} "${label}"${owner ? ` of patient ${owner}` : ''}`;
  const pointer = resource.id
    ? `${resource.resourceType}/${resource.id}`
    : (entry.fullUrl ?? 'no id');
  const lines = [
    `${subject}: resource ${pointer}${entry.fullUrl && resource.id ? ` (${entry.fullUrl})` : ''}`,
  ];
  walkTypedElements(resource, (element) => {
    const text = describeElement(element, { resource, references });
    if (text !== undefined) {
      lines.push(
        element.type === 'Extension'
          ? `${subject}: ${text}`
          : `${subject}: ${elementLabel(element.name)} ${text}`,
      );
    }
    return 'skip';
  });
  return {
    resourceType: resource.resourceType,
    id: resource.id ?? null,
    fullUrl: entry.fullUrl,
    label,
    lines,
  };
}

/** Flattens one resource at a time, pausing for the event loop every few milliseconds. */
export async function flattenResources(
  entries: readonly ResourceEntry[],
  references: ReferenceIndex,
  signal?: AbortSignal,
): Promise<FlattenedResource[]> {
  const pace = workPacer(signal);
  const flattened: FlattenedResource[] = [];
  for (const entry of entries) {
    await pace();
    throwIfStopped(signal);
    flattened.push(flattenResource(entry, references));
  }
  return flattened;
}
