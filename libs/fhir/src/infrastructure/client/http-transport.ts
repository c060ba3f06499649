import { setTimeout as sleep } from 'node:timers/promises';
import type { FhirTarget } from '../../application/ports/fhir-client.js';
import type { RequestAuthorizer } from '../../application/ports/request-authorizer.js';
import {
  RETRYABLE_STATUSES,
  retryDelayMs,
  type RetrySettings,
} from '../../domain/client/retry-policy.js';
import { invalidUpstreamResponse } from '../../domain/client/upstream-errors.js';
import {
  OutboundError,
  type OutboundHttp,
  type OutboundResponse,
} from '../outbound/outbound-http.js';
import type { FhirTransport, TransportRequest, TransportResponse } from './fhir-transport.js';
import { outboundFailure } from './outbound-failure.js';

export interface HttpTransportSettings extends RetrySettings {
  timeoutMs: number;
  maxResponseBytes: number;
}

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
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      let response: OutboundResponse;
      try {
        response = await this.http.send({
          method: request.method,
          url,
          headers: {
            Accept: FHIR_JSON,
            ...(body === undefined
              ? {}
              : { 'Content-Type': FHIR_JSON, Prefer: 'return=representation' }),
            ...(await this.authorizer.headers()),
          },
          body,
          timeoutMs: this.settings.timeoutMs,
          maxResponseBytes: this.settings.maxResponseBytes,
        });
      } catch (error) {
        const delay =
          error instanceof OutboundError && error.failure === 'network' && request.method === 'GET'
            ? retryDelayMs(attempt, undefined, this.settings)
            : undefined;
        if (delay === undefined) throw outboundFailure(error);
        await this.wait(delay);
        continue;
      }
      if (response.status === 401 && !renewed) {
        renewed = true;
        if (await this.authorizer.renew()) {
          attempt--;
          continue;
        }
      }
      if (RETRYABLE_STATUSES.has(response.status)) {
        const delay = retryDelayMs(attempt, header(response, 'retry-after'), this.settings);
        if (delay !== undefined) {
          await this.wait(delay);
          continue;
        }
      }
      return {
        status: response.status,
        body: this.parse(response),
        headers: Object.fromEntries(
          Object.keys(response.headers).map((name) => [name, header(response, name)]),
        ),
      };
    }
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

function header(response: OutboundResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
