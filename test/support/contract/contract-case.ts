import type { ProfileName } from '../test-app.js';

/** One HTTP exchange as the contract test sees it: the body parsed when it is JSON. */
export interface ContractResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface ContractRequest {
  body?: unknown;
  /** Sent as given; `Authorization: Bearer <token>` is added unless `headers.authorization` is set. */
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  /** A raw body sent as it is (form bodies, JSON Patch with its own content type, audio bytes). */
  rawBody?: string | Uint8Array;
}

/** What every case receives: a running API in one profile and a paid-plan caller. */
export interface ContractContext {
  profile: ProfileName;
  baseUrl: string;
  token: string;
  credentials: { clientId: string; clientSecret: string };
  call(method: string, path: string, request?: ContractRequest): Promise<ContractResponse>;
  /** Ids and values shared between cases of the same run (cases run in declaration order). */
  state: Map<string, unknown>;
}

/**
 * A case exercises one operation of the public API document. `operation` is its method and
 * path template exactly as in the document ("GET /agent/{id}"). Every response `run` returns is
 * validated against the document's schema for that operation and the response's status.
 */
export interface ContractCase {
  operation: string;
  title: string;
  run(context: ContractContext): Promise<ContractResponse | ContractResponse[]>;
}
