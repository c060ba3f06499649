/** The PostgreSQL error code (SQLSTATE) of a driver error, if it carries one. */
export function sqlState(error: unknown): string | undefined {
  const direct = (error as { code?: unknown }).code;
  if (typeof direct === 'string') return direct;
  const driver = (error as { driverError?: { code?: unknown } }).driverError?.code;
  return typeof driver === 'string' ? driver : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
