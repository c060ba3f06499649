import type { FhirResourceLike } from '../../domain/bulk/fhir-references.js';

export type BulkSourceKind = 'ndjson' | 'bundles';

/** One item read from the input files: a resource, or something skipped with the reason. */
export type BulkSourceItem =
  | {
      kind: 'resource';
      resource: FhirResourceLike;
      /** The resource's JSON as read (NDJSON) or re-serialized (Bundle entries). */
      json: string;
      fullUrl?: string;
    }
  | { kind: 'skipped'; file: string; line?: number; reason: string };

/** The input files: NDJSON (`*.ndjson`, `.gz` accepted) or Bundle JSON (`*.json`, `.gz`). */
export abstract class BulkSource {
  /** The files that will be read, in order; throws when the folder cannot be read. */
  abstract files(kind: BulkSourceKind, directory: string): Promise<string[]>;
  abstract read(kind: BulkSourceKind, files: readonly string[]): AsyncIterable<BulkSourceItem>;
}
