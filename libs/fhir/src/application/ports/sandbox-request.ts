import type { Resource } from '../../domain/fhir-types.js';

export type SandboxMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One FHIR REST interaction on an account's sandbox, transport-neutral. */
export interface SandboxRequest {
  method: SandboxMethod;
  /** Below the base, without slashes at the ends: `Patient/1`, `Patient`, `` (batch), `metadata`. */
  path: string;
  query: Record<string, string | string[] | undefined>;
  body?: unknown;
  ifMatch?: string;
  ifNoneExist?: string;
}

export interface SandboxResponse {
  status: number;
  body: Resource;
  headers: Record<string, string>;
}

/** Serves FHIR interactions on the sandbox of one account (storage in the service's database). */
export abstract class SandboxFhirServer {
  abstract handle(
    accountId: string,
    baseUrl: string,
    request: SandboxRequest,
  ): Promise<SandboxResponse>;
}
