const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;

export function placeholder(name: string): string {
  return `{{${name}}}`;
}

/** The distinct `{{names}}` in a value (strings, arrays and objects, at any depth), in order of appearance. */
export function placeholdersIn(value: unknown): string[] {
  const names = new Set<string>();
  const walk = (current: unknown): void => {
    if (typeof current === 'string') {
      for (const match of current.matchAll(PLACEHOLDER)) names.add(match[1]);
    } else if (Array.isArray(current)) {
      current.forEach(walk);
    } else if (current !== null && typeof current === 'object') {
      Object.values(current).forEach(walk);
    }
  };
  walk(value);
  return [...names];
}

export interface Filled<T> {
  value: T;
  /** Placeholders that had no value. */
  missing: string[];
}

/**
 * Replaces placeholders with their values. A string that is exactly one placeholder takes
 * the value with its type (a number stays a number); inside longer text the value is
 * written as text. Strings left empty, and objects and arrays left empty by that, are
 * dropped, so that an optional value that is blank does not produce invalid FHIR.
 */
export function fillPlaceholders<T>(value: T, valueOf: (name: string) => unknown): Filled<T> {
  const missing = new Set<string>();
  const lookup = (name: string): unknown => {
    const found = valueOf(name);
    if (found === undefined || found === null) missing.add(name);
    return found;
  };
  const fill = (current: unknown): unknown => {
    if (typeof current === 'string') {
      const whole = WHOLE_PLACEHOLDER.exec(current);
      if (whole) return lookup(whole[1]) ?? undefined;
      return current.replace(PLACEHOLDER, (_text, name: string) => asText(lookup(name)));
    }
    if (Array.isArray(current)) return current.map(fill).filter((item) => !isEmpty(item));
    if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current)
        .map(([key, item]) => [key, fill(item)] as const)
        .filter(([, item]) => !isEmpty(item));
      return Object.fromEntries(entries);
    }
    return current;
  };
  return { value: fill(value) as T, missing: [...missing] };
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}
