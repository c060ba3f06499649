const RAW_JSON_FIELDS = Symbol('rawJsonFields');

/**
 * Marks a DTO property that carries opaque JSON (a FHIR resource or Bundle, sample data):
 * the validation pipe checks its own decorators (IsObject, IsDefined, …) against its top
 * level, but hands the value through untouched instead of copying it object by object.
 * class-transformer's deep copy of a multi-megabyte Bundle costs ten times its JSON.parse.
 */
export function RawJson(): PropertyDecorator {
  return (target, propertyKey) => {
    const owner = target.constructor;
    const fields = (Reflect.getMetadata(RAW_JSON_FIELDS, owner) as (string | symbol)[]) ?? [];
    Reflect.defineMetadata(RAW_JSON_FIELDS, [...fields, propertyKey], owner);
  };
}

export function rawJsonFields(type: unknown): (string | symbol)[] {
  if (typeof type !== 'function') return [];
  return (Reflect.getMetadata(RAW_JSON_FIELDS, type) as (string | symbol)[] | undefined) ?? [];
}

/** A cheap stand-in with the same top level: same type, keys and primitive values. */
export function topLevelStandIn(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => shallowLeaf(item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        key,
        shallowLeaf(item),
      ]),
    );
  }
  return value;
}

function shallowLeaf(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  if (value !== null && typeof value === 'object') return {};
  return value;
}
