import type { UserInvocationTable } from 'fhirpath';

interface TypeSpecifier {
  name: string;
}

function idOf(resource: unknown): string | null {
  if (typeof resource !== 'object' || resource === null) return null;
  const id = (resource as { id?: unknown }).id;
  return typeof id === 'string' ? id : null;
}

/** `Type/id`, `Type/id/_history/n` or an absolute URL ending in one of them → [type, id]. */
function typeAndIdOf(reference: unknown): [string, string] | null {
  if (typeof reference !== 'object' || reference === null) return null;
  const text = (reference as { reference?: unknown }).reference;
  if (typeof text !== 'string') return null;
  const match = /(?:^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(
    text,
  );
  return match ? [match[1], match[2]] : null;
}

/**
 * The SQL-on-FHIR functions beyond FHIRPath. The key of a resource is its id, so that
 * `getResourceKey() = subject.getReferenceKey()` joins a resource to what references it.
 */
export const VIEW_FUNCTIONS: UserInvocationTable = {
  // The suite expects join() of nothing to be '' (fhirpath.js gives empty); the rest is unchanged.
  join: {
    fn: (inputs: unknown[], separator?: string) => [inputs.map(String).join(separator ?? '')],
    arity: { 0: [], 1: ['String'] },
  },
  getResourceKey: {
    fn: (inputs: unknown[]) => inputs.map(idOf).filter((id): id is string => id !== null),
    arity: { 0: [] },
  },
  getReferenceKey: {
    fn: (inputs: unknown[], type?: TypeSpecifier) =>
      inputs
        .map(typeAndIdOf)
        .filter(
          (parsed): parsed is [string, string] =>
            parsed !== null && (type === undefined || parsed[0] === type.name),
        )
        .map(([, id]) => id),
    arity: { 0: [], 1: ['TypeSpecifier'] },
  },
};
