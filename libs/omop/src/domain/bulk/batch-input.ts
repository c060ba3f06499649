import type { FhirResourceLike } from './fhir-references.js';

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
