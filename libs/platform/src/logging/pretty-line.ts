const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
// Fields shown in the line's head, or noise in a terminal.
const HIDDEN = new Set([
  'level',
  'time',
  'msg',
  'service',
  'component',
  'name',
  'context',
  'pid',
  'hostname',
]);

function shortValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * One pino JSON line as one readable line: `12:00:01 INFO  api/HTTP message key=value`.
 * A request log shows method, url, status and time; an error keeps its stack below.
 */
export function prettyLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = typeof record.time === 'string' ? record.time.slice(11, 19) : '';
  const level = LEVELS[Number(record.level)] ?? String(record.level);
  const source = [record.component, record.context].filter((part) => typeof part === 'string');
  const request = record.req as { method?: string; url?: string } | undefined;
  const response = record.res as { statusCode?: number } | undefined;
  let message = typeof record.msg === 'string' ? record.msg : '';
  if (request?.method && response?.statusCode !== undefined)
    message = `${request.method} ${request.url ?? ''} → ${response.statusCode}${
      typeof record.responseTime === 'number' ? ` ${record.responseTime} ms` : ''
    }`;
  const extras = Object.entries(record)
    .filter(
      ([key]) => !HIDDEN.has(key) && !['req', 'res', 'responseTime', 'err', 'trace'].includes(key),
    )
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${key}=${shortValue(value)}`);
  const stack =
    (record.err as { stack?: string } | undefined)?.stack ??
    (typeof record.trace === 'string' ? record.trace : undefined);
  const head = [time, level, source.join('/'), message, ...extras].filter((part) => part !== '');
  return `${head.join(' ')}\n${stack ? `${stack.replace(/^/gm, '    ')}\n` : ''}`;
}
