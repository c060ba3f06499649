export type GatewayMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One FHIR interaction passed through to a server as the caller wrote it. */
export interface GatewayRequest {
  method: GatewayMethod;
  /** Decoded, below the base, without slashes at the ends: `Patient/123`, `Patient`, `` (bundle). */
  path: string;
  /** The caller's query string as received, without `?` (search parameters verbatim). */
  query: string;
  /** The FHIR headers worth forwarding (see `forwardedRequestHeaders`), lower-case names. */
  headers: Record<string, string>;
  /** The parsed JSON body (a resource, a Bundle, a JSON Patch array, FHIRPath Patch Parameters). */
  body?: unknown;
}

export interface GatewayResponse {
  status: number;
  /** The FHIR headers worth returning (see `returnedResponseHeaders`), lower-case names. */
  headers: Record<string, string>;
  /** The upstream body, raw (an OperationOutcome comes back unchanged). */
  body: Buffer;
}

/** Passes FHIR interactions through to one server with the credentials the service holds. */
export interface FhirGateway {
  /** The upstream base URL, as it appears in the links of the server's bundles. */
  readonly baseUrl: string;
  forward(request: GatewayRequest): Promise<GatewayResponse>;
}
