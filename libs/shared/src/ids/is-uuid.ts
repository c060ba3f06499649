const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a client-given id can be a row id: an id that is not a UUID names no row, and
 * checking first keeps PostgreSQL from answering a cast error.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
