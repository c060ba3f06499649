import { collectReferences, resourceAliases, type FhirResourceLike } from './fhir-references.js';

/** A resource as staged in the target database, parsed again for its batch. */
export interface StagedResource {
  seq: number;
  fullUrl: string | null;
  resource: FhirResourceLike;
}

/** The mapper's input for one batch: a collection Bundle, keeping fullUrls for `urn:uuid:` references. */
export function batchBundle(resources: readonly StagedResource[]): Record<string, unknown> {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: resources.map(({ fullUrl, resource }) =>
      fullUrl ? { fullUrl, resource } : { resource },
    ),
  };
}

/** References made by these resources that none of them answers to: the next shared resources to fetch. */
export function danglingReferences(resources: readonly StagedResource[]): string[] {
  const answered = new Set<string>();
  for (const { resource, fullUrl } of resources)
    for (const alias of resourceAliases(resource, fullUrl ?? undefined)) answered.add(alias);
  const dangling = new Set<string>();
  for (const { resource } of resources)
    for (const reference of collectReferences(resource))
      if (!answered.has(reference)) dangling.add(reference);
  return [...dangling];
}
