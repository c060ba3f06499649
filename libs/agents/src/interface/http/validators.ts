import { registerDecorator, type ValidationOptions } from 'class-validator';

const MAX_PROVIDERS = 20;

/** One FHIR provider id (or name), or a non-empty list of them. */
export function IsProviderReference(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isProviderReference',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: `provider must be a provider id, or a list of 1 to ${MAX_PROVIDERS} provider ids`,
        ...options,
      },
      validator: {
        validate(value: unknown) {
          const ok = (item: unknown) =>
            typeof item === 'string' && item.trim() !== '' && item.length <= 200;
          if (Array.isArray(value))
            return value.length >= 1 && value.length <= MAX_PROVIDERS && value.every(ok);
          return ok(value);
        },
      },
    });
}

/** A flat object of string values: HTTP headers to send to a tool server. */
export function IsStringRecord(maxEntries: number, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isStringRecord',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: `${propertyName as string} must be an object of at most ${maxEntries} string values`,
        ...options,
      },
      validator: {
        validate(value: unknown) {
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
          const entries = Object.entries(value);
          return (
            entries.length <= maxEntries &&
            entries.every(([, item]) => typeof item === 'string' && item.length <= 8192)
          );
        },
      },
    });
}
