/** The value at a path inside plain data, reading own properties only (never `__proto__` and the like). */
export function dig(value: unknown, segments: readonly (string | number)[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (current === null || current === undefined) return undefined;
    if (Array.isArray(current)) {
      if (typeof segment !== 'number') return undefined;
      current = current[segment];
    } else if (typeof current === 'object') {
      if (typeof segment !== 'string' || !Object.hasOwn(current, segment)) return undefined;
      current = (current as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return current;
}
