import { isFhirResource, type FhirResourceLike } from './fhir-references.js';

/** A resource as staged in the target database, parsed again for its batch. */
export interface StagedResource {
  seq: number;
  fullUrl: string | null;
  resource: FhirResourceLike;
}

/** A staged resource's JSON parsed again; undefined when it is not a FHIR resource. */
export function parseStagedResource(
  seq: number,
  fullUrl: string | null,
  json: string,
): StagedResource | undefined {
  const resource: unknown = JSON.parse(json);
  return isFhirResource(resource) ? { seq, fullUrl, resource } : undefined;
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
