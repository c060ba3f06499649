/** RFC 9110 token characters: what a header field name may consist of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Headers the HTTP client or the MCP transport sets itself; a caller must not override them. */
const RESERVED = new Set([
  'host',
  'content-length',
  'content-type',
  'accept',
  'connection',
  'transfer-encoding',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
]);

/** Problems with headers to send to a tool server, one sentence each (empty when fine). */
export function headerProblems(headers: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name)) problems.push(`"${name}" is not a valid header name`);
    else if (RESERVED.has(name.toLowerCase()))
      problems.push(`"${name}" is set by the service and cannot be configured`);
    if (typeof value !== 'string') problems.push(`the value of "${name}" must be a string`);
    else if (/[\r\n\0]/.test(value)) problems.push(`the value of "${name}" contains a line break`);
  }
  return problems;
}
