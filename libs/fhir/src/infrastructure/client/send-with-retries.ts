import type { RequestAuthorizer } from '../../application/ports/request-authorizer.js';
import {
  RETRYABLE_STATUSES,
  retryDelayMs,
  type RetrySettings,
} from '../../domain/client/retry-policy.js';
import {
  OutboundError,
  type OutboundHttp,
  type OutboundRequest,
  type OutboundResponse,
} from '../outbound/outbound-http.js';
import { outboundFailure } from './outbound-failure.js';

export interface HttpTransportSettings extends RetrySettings {
  timeoutMs: number;
  maxResponseBytes: number;
}

export interface RetriedRequest {
  method: string;
  url: URL;
  /** Headers without credentials; the authorizer's are added to each attempt. */
  headers: Record<string, string>;
  body?: string;
}

/**
 * One outbound FHIR request under the client's retry rules: a 401 renews the credential once
 * and repeats; 429 and 503 are retried with backoff (Retry-After honoured); connection failures
 * are retried for reads only, since a write may have landed. No answer at all becomes the
 * AppError of `outboundFailure`.
 */
export async function sendWithRetries(
  request: RetriedRequest,
  authorizer: RequestAuthorizer,
  http: OutboundHttp,
  settings: HttpTransportSettings,
  wait: (ms: number) => Promise<unknown>,
): Promise<OutboundResponse> {
  let renewed = false;
  for (let attempt = 1; ; attempt++) {
    let response: OutboundResponse;
    try {
      const outbound: OutboundRequest = {
        method: request.method,
        url: request.url,
        headers: { ...request.headers, ...(await authorizer.headers()) },
        body: request.body,
        timeoutMs: settings.timeoutMs,
        maxResponseBytes: settings.maxResponseBytes,
      };
      response = await http.send(outbound);
    } catch (error) {
      const delay =
        error instanceof OutboundError && error.failure === 'network' && request.method === 'GET'
          ? retryDelayMs(attempt, undefined, settings)
          : undefined;
      if (delay === undefined) throw outboundFailure(error);
      await wait(delay);
      continue;
    }
    if (response.status === 401 && !renewed) {
      renewed = true;
      if (await authorizer.renew()) {
        attempt--;
        continue;
      }
    }
    if (RETRYABLE_STATUSES.has(response.status)) {
      const delay = retryDelayMs(attempt, responseHeader(response, 'retry-after'), settings);
      if (delay !== undefined) {
        await wait(delay);
        continue;
      }
    }
    return response;
  }
}

/** A response header as one string (repeated headers joined by `, `). */
export function responseHeader(response: OutboundResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
