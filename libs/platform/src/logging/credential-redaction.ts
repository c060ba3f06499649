/**
 * Names of query and body fields that carry credentials (OAuth 2.0, RFC 6750, OpenID
 * Connect, common API-key spellings). Compared case-insensitively.
 */
const CREDENTIAL_FIELDS = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'client_secret',
  'client_assertion',
  'assertion',
  'password',
  'code',
  'code_verifier',
  'api_key',
  'apikey',
  'secret',
]);

export const REDACTED = '[REDACTED]';

export function isCredentialField(name: string): boolean {
  return CREDENTIAL_FIELDS.has(name.toLowerCase());
}

/** The URL with the value of every credential-shaped query parameter replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart === -1 ? undefined : hashStart);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent, but its value is still judged by the raw name.
      }
      return isCredentialField(name) && equals !== -1 ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}`;
}

/** A shallow copy of a query or form object with credential-shaped values replaced. */
export function redactFields(fields: unknown): unknown {
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) return fields;
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields))
    copy[name] = isCredentialField(name) ? REDACTED : value;
  return copy;
}
