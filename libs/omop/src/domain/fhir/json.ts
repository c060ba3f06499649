/**
 * Readers for untrusted JSON. The mapper never trusts a field's type: a value of the wrong
 * JSON type reads as absent (wrong types are reported separately by checkFhirShapes).
 */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : undefined;
}

export function decimal(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function flag(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

export function child(value: unknown): JsonObject | undefined {
  return isObject(value) ? value : undefined;
}

/** The objects of an array element; a single object is read as a one-item array. */
export function children(value: unknown): JsonObject[] {
  if (Array.isArray(value)) return value.filter(isObject);
  return isObject(value) ? [value] : [];
}

export function texts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value) {
    const read = text(item);
    if (read !== undefined) out.push(read);
  }
  return out;
}

/** The first of several `value[x]`-style candidates that is present. */
export function firstPresent<T>(...candidates: (T | undefined)[]): T | undefined {
  for (const candidate of candidates) if (candidate !== undefined) return candidate;
  return undefined;
}
