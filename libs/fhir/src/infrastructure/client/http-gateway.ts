import { setTimeout as sleep } from 'node:timers/promises';
import type {
  FhirGateway,
  GatewayRequest,
  GatewayResponse,
} from '../../application/ports/fhir-gateway.js';
import type { RequestAuthorizer } from '../../application/ports/request-authorizer.js';
import { returnedResponseHeaders } from '../../domain/gateway/gateway-headers.js';
import type { OutboundHttp } from '../outbound/outbound-http.js';
import { sendWithRetries, type HttpTransportSettings } from './send-with-retries.js';

const FHIR_JSON = 'application/fhir+json';

/**
 * Passes a caller's FHIR request to a remote server with the provider's credentials, under
 * the same rules as HttpTransport (`sendWithRetries`) and the address policy, time-out and
 * size cap of OutboundHttp. The answer (status, FHIR headers, body) is returned as the server gave it.
 */
export class HttpGateway implements FhirGateway {
  readonly baseUrl: string;

  constructor(
    baseUrl: URL,
    private readonly authorizer: RequestAuthorizer,
    private readonly http: OutboundHttp,
    private readonly settings: HttpTransportSettings,
    private readonly wait: (ms: number) => Promise<unknown> = sleep,
  ) {
    this.baseUrl = baseUrl.toString().replace(/\/+$/, '');
  }

  async forward(request: GatewayRequest): Promise<GatewayResponse> {
    const url = new URL(
      `${this.baseUrl}${request.path === '' ? '' : `/${encodePath(request.path)}`}${
        request.query === '' ? '' : `?${request.query}`
      }`,
    );
    const body =
      request.body === undefined || typeof request.body === 'string'
        ? request.body
        : JSON.stringify(request.body);
    const headers: Record<string, string> = { accept: FHIR_JSON, ...request.headers };
    if (body === undefined) delete headers['content-type'];
    else headers['content-type'] ??= FHIR_JSON;
    const response = await sendWithRetries(
      { method: request.method, url, headers, body },
      this.authorizer,
      this.http,
      this.settings,
      this.wait,
    );
    return {
      status: response.status,
      headers: returnedResponseHeaders(response.headers),
      body: response.body,
    };
  }
}

/** Each segment percent-encoded again for the wire (`Patient/a b` → `Patient/a%20b`). */
function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%24/g, '$'))
    .join('/');
}
