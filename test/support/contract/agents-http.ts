import type { ContractRequest, ContractResponse } from './contract-case.js';

/** The `data:` JSON of each server-sent event in `text`. */
export function sseEvents(text: string): unknown[] {
  return text
    .split(/\r?\n\r?\n/)
    .map((frame) =>
      frame
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n'),
    )
    .filter((data) => data !== '')
    .map((data) => JSON.parse(data) as unknown);
}

/**
 * One HTTP exchange in the contract-case shape: a JSON body parsed, an event stream as
 * the list of its events' JSON. Bearer `token` is sent unless the request sets its own
 * Authorization header.
 */
export async function exchange(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  request: ContractRequest = {},
): Promise<ContractResponse> {
  const url = new URL(path, baseUrl);
  for (const [name, value] of Object.entries(request.query ?? {}))
    url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { ...(request.headers ?? {}) };
  const lower = Object.fromEntries(Object.keys(headers).map((name) => [name.toLowerCase(), name]));
  if (!lower.authorization) headers.Authorization = `Bearer ${token}`;
  let body: string | Uint8Array | undefined = request.rawBody;
  if (body === undefined && request.body !== undefined) {
    body = JSON.stringify(request.body);
    if (!lower['content-type']) headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  let parsed: unknown = text;
  if (contentType.startsWith('text/event-stream')) parsed = sseEvents(text);
  else if (contentType.includes('json') && text !== '') parsed = JSON.parse(text) as unknown;
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers.entries()),
    body: parsed,
  };
}
