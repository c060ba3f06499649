/**
 * Whether an error means "the database cannot be reached right now" (as opposed to a bad
 * query): the server refused or dropped the connection, is shutting down or starting up, or
 * the pool could not get a connection in time. Such a request is answered 503, not 500.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATE: 57P01-57P03 admin/crash shutdown and "cannot connect now", 53300 too many connections.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const POOL_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
  errors?: unknown;
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const candidate = error as ErrorLike;
  const code = typeof candidate.code === 'string' ? candidate.code : undefined;
  if (code && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')))
    return true;
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  if (POOL_MESSAGES.some((text) => message.includes(text))) return true;
  const nested = [
    candidate.driverError,
    candidate.cause,
    ...(Array.isArray(candidate.errors) ? (candidate.errors as unknown[]) : []),
  ];
  return nested.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
