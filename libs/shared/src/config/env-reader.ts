/**
 * Small typed readers for environment variables. Each reader records a problem instead
 * of throwing, so that one start-up reports every wrong setting at once.
 */
export class EnvReader {
  readonly problems: string[] = [];

  constructor(private readonly env: Record<string, string | undefined>) {}

  raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  optionalString(name: string): string | undefined {
    return this.raw(name);
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      this.problems.push(`${name} must be an integer between ${min} and ${max} (got "${value}")`);
      return fallback;
    }
    return parsed;
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['true', '1', 'yes'].includes(value)) return true;
    if (['false', '0', 'no'].includes(value)) return false;
    this.problems.push(`${name} must be true or false (got "${value}")`);
    return fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
    return fallback;
  }

  url(name: string, protocols: readonly string[]): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) {
        this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
      }
    } catch {
      this.problems.push(`${name} is not a valid URL`);
    }
    return value;
  }

  /** Sizes such as `10mb`, `512kb` or a plain number of bytes. */
  byteSize(name: string, fallback: string): number {
    const value = (this.raw(name) ?? fallback).toLowerCase();
    const match = /^(\d+)\s*(b|kb|mb|gb)?$/.exec(value);
    if (!match) {
      this.problems.push(`${name} must be a size such as 10mb, 512kb or 1048576 (got "${value}")`);
      return parseByteSize(fallback);
    }
    return parseByteSize(value);
  }

  fail(problem: string): void {
    this.problems.push(problem);
  }
}

function parseByteSize(value: string): number {
  const match = /^(\d+)\s*(b|kb|mb|gb)?$/.exec(value.toLowerCase());
  if (!match) return 10 * 1024 * 1024;
  const units: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
  return Number(match[1]) * units[match[2] ?? 'b'];
}
