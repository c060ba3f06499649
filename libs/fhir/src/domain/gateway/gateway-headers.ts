/** Request headers of FHIR REST that change what the server does; others are not forwarded. */
const REQUEST_HEADERS = [
  'accept',
  'content-type',
  'if-match',
  'if-none-match',
  'if-none-exist',
  'if-modified-since',
  'prefer',
] as const;

/** Response headers of FHIR REST a client reads; hop-by-hop and server-specific ones stay behind. */
const RESPONSE_HEADERS = [
  'content-type',
  'etag',
  'location',
  'content-location',
  'last-modified',
] as const;

type HeaderValue = string | string[] | undefined;

function pick(
  headers: Record<string, HeaderValue>,
  names: readonly string[],
): Record<string, string> {
  const lower = new Map(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = lower.get(name);
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (text !== undefined && text !== '') picked[name] = text;
  }
  return picked;
}

export function forwardedRequestHeaders(headers: Record<string, HeaderValue>) {
  return pick(headers, REQUEST_HEADERS);
}

export function returnedResponseHeaders(headers: Record<string, HeaderValue>) {
  return pick(headers, RESPONSE_HEADERS);
}
