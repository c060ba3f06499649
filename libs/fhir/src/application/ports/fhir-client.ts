import type {
  Bundle,
  CapabilityStatement,
  ExtractResource,
  Resource,
  ResourceType,
} from '../../domain/fhir-types.js';

export type SearchParams =
  | Record<string, string | number | boolean | readonly (string | number)[] | undefined>
  | URLSearchParams;

export interface FhirTarget {
  kind: 'sandbox' | 'remote';
  baseUrl: string;
  providerId?: string;
}

/**
 * A FHIR R4 REST client bound to one server and one set of credentials. Failures arrive
 * as AppErrors the API can answer directly: the server's OperationOutcome issues in
 * `details`, 4xx for what the server refused, 502 when it failed or could not be reached.
 */
export abstract class FhirClient {
  abstract readonly target: FhirTarget;

  abstract read<K extends ResourceType>(resourceType: K, id: string): Promise<ExtractResource<K>>;

  /** One page of results; follow it with `nextPage`. */
  abstract search<K extends ResourceType>(
    resourceType: K,
    params?: SearchParams,
  ): Promise<Bundle<ExtractResource<K>>>;

  /** The page after `bundle`, or undefined on the last page. */
  abstract nextPage<T extends Resource>(bundle: Bundle<T>): Promise<Bundle<T> | undefined>;

  /** Every match across pages, up to `maxResources` (default 1000). */
  abstract searchAll<K extends ResourceType>(
    resourceType: K,
    params?: SearchParams,
    options?: { maxResources?: number },
  ): Promise<ExtractResource<K>[]>;

  abstract create<T extends Resource>(resource: T): Promise<T & { id: string }>;

  /** PUT by the resource's id (which it must carry). */
  abstract update<T extends Resource>(resource: T): Promise<T & { id: string }>;

  /** A Bundle of type transaction (or batch); answers the transaction-response Bundle. */
  abstract transaction(bundle: Bundle): Promise<Bundle>;

  abstract capabilities(): Promise<CapabilityStatement>;
}
