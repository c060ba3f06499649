import { setTimeout as sleep } from 'node:timers/promises';
import type { FhirTarget } from '../../application/ports/fhir-client.js';
import type { RequestAuthorizer } from '../../application/ports/request-authorizer.js';
import { invalidUpstreamResponse } from '../../domain/client/upstream-errors.js';
import type { OutboundHttp, OutboundResponse } from '../outbound/outbound-http.js';
import type { FhirTransport, TransportRequest, TransportResponse } from './fhir-transport.js';
import {
  responseHeader,
  sendWithRetries,
  type HttpTransportSettings,
} from './send-with-retries.js';

export type { HttpTransportSettings } from './send-with-retries.js';

const FHIR_JSON = 'application/fhir+json';

/**
 * FHIR over HTTP with the provider's credentials: a 401 renews the credential once and
 * repeats the request; 429 and 503 are retried with backoff (Retry-After honoured);
 * connection failures are retried for reads only, since a write may have landed.
 */
export class HttpTransport implements FhirTransport {
  readonly target: FhirTarget;
  readonly label: string;
  private readonly base: string;

  constructor(
    baseUrl: URL,
    private readonly authorizer: RequestAuthorizer,
    private readonly http: OutboundHttp,
    private readonly settings: HttpTransportSettings,
    providerId?: string,
    private readonly wait: (ms: number) => Promise<unknown> = sleep,
  ) {
    this.base = baseUrl.toString().replace(/\/+$/, '');
    this.target = { kind: 'remote', baseUrl: this.base, providerId };
    this.label = `The FHIR server at ${baseUrl.host}`;
  }

  async send(request: TransportRequest): Promise<TransportResponse> {
    const url = new URL(
      request.path === '' || request.path.startsWith('?')
        ? `${this.base}${request.path}`
        : `${this.base}/${request.path}`,
    );
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const response = await sendWithRetries(
      {
        method: request.method,
        url,
        headers: {
          Accept: FHIR_JSON,
          ...(body === undefined
            ? {}
            : { 'Content-Type': FHIR_JSON, Prefer: 'return=representation' }),
        },
        body,
      },
      this.authorizer,
      this.http,
      this.settings,
      this.wait,
    );
    return {
      status: response.status,
      body: this.parse(response),
      headers: Object.fromEntries(
        Object.keys(response.headers).map((name) => [name, responseHeader(response, name)]),
      ),
    };
  }

  private parse(response: OutboundResponse): unknown {
    if (response.body.length === 0) return undefined;
    try {
      return JSON.parse(response.body.toString('utf8')) as unknown;
    } catch {
      if (response.status >= 400) return undefined;
      throw invalidUpstreamResponse(this.label, 'the body is not JSON');
    }
  }
}
