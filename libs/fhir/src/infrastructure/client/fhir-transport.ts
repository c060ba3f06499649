import type { FhirTarget } from '../../application/ports/fhir-client.js';

export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** Below the base URL: `Patient/1`, `Patient?name=x`, `` or `?page=2`. */
  path: string;
  body?: unknown;
}

export interface TransportResponse {
  status: number;
  body: unknown;
  headers: Record<string, string | undefined>;
}

/** Carries FHIR requests to one server; failures to get an answer are thrown as AppErrors. */
export interface FhirTransport {
  readonly target: FhirTarget;
  /** How error messages name the server: "The FHIR server at fhir.example.org". */
  readonly label: string;
  send(request: TransportRequest): Promise<TransportResponse>;
}
