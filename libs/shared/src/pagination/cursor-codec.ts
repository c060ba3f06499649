import { AppError } from '../errors/app-error.js';
import { CommonErrorCodes } from '../errors/error-codes.js';
import { unstorableCharacter } from '../json/json-safety.js';

/**
 * Opaque keyset cursors: the last row's sort key, as base64url JSON tagged with the
 * listing it belongs to, so a cursor from one listing is rejected by another.
 */
export function encodeCursor(scope: string, key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify({ s: scope, k: key }), 'utf8').toString('base64url');
}

export function decodeCursor(scope: string, cursor: string): (string | number)[] {
  const invalid = AppError.badRequest(
    CommonErrorCodes.INVALID_CURSOR,
    'cursor is not valid for this listing',
  );
  if (!/^[A-Za-z0-9_-]{1,2048}$/.test(cursor)) throw invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalid;
  const { s, k } = parsed as { s?: unknown; k?: unknown };
  if (s !== scope || !Array.isArray(k) || k.length === 0) throw invalid;
  // A forged cursor must not reach SQL: numbers are whole and exact, strings storable and short.
  const valid = (part: unknown): part is string | number =>
    typeof part === 'number'
      ? Number.isSafeInteger(part)
      : typeof part === 'string' && part.length <= 512 && unstorableCharacter(part) === undefined;
  const parts = k as unknown[];
  if (!parts.every(valid)) throw invalid;
  return parts;
}
