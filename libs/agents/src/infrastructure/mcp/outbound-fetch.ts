import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { OutboundHttp } from '@app/fhir';
import type { IncomingHttpHeaders } from 'node:http';

function responseHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    result.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return result;
}

function requestBody(body: RequestInit['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  throw new TypeError('Only text bodies are sent to MCP tool servers');
}

/**
 * `fetch` for the MCP client that goes through the service's outbound address checks
 * (the address dialled is the address checked; no redirects; size and time limits).
 * GET, which would open a long-lived server-to-client stream, answers 405 locally: the
 * agent only lists and calls tools, and the transport treats 405 as "no stream offered".
 */
export function outboundFetch(
  http: OutboundHttp,
  limits: { timeoutMs: number; maxResponseBytes: number },
): FetchLike {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET') return new Response(null, { status: 405 });
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const answer = await http.send({
      method,
      url: new URL(input instanceof URL ? input.href : input),
      headers,
      body: requestBody(init?.body),
      timeoutMs: limits.timeoutMs,
      maxResponseBytes: limits.maxResponseBytes,
    });
    const empty = answer.status === 204 || answer.status === 304 || answer.body.length === 0;
    return new Response(empty ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: responseHeaders(answer.headers),
    });
  };
}
