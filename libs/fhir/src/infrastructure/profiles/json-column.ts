/** A jsonb column as an object: PostgreSQL drivers parse it, some PGlite paths give the text. */
export function jsonColumn(value: Record<string, unknown> | string): Record<string, unknown> {
  return typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value;
}
