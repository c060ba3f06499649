/** A FHIR resource as the bulk path reads it: only what routing needs is typed. */
export interface FhirResourceLike {
  resourceType: string;
  id?: string;
  identifier?: unknown;
  [field: string]: unknown;
}

export function isFhirResource(value: unknown): value is FhirResourceLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { resourceType?: unknown }).resourceType === 'string' &&
    /^[A-Z][A-Za-z]+$/.test((value as { resourceType: string }).resourceType)
  );
}

const LITERAL =
  /^(?:[a-z][a-z0-9+.-]*:\/\/.*?\/)?([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

const MAX_REMEMBERED_SPELLINGS = 20_000;
const normalizedSpellings = new Map<string, string>();

/**
 * One spelling per target, so that references written differently meet in one index:
 * absolute URLs and `_history` versions become `Type/id`; a conditional reference on
 * `identifier` alone becomes `Type?identifier=system|value` (decoded); `urn:` stays as is.
 */
export function normalizeReference(reference: string): string {
  let normalized = normalizedSpellings.get(reference);
  if (normalized === undefined) {
    normalized = normalizeUncached(reference);
    // Bounded: a batch repeats a few spellings (its patients, their practitioners) many times.
    if (normalizedSpellings.size >= MAX_REMEMBERED_SPELLINGS) normalizedSpellings.clear();
    normalizedSpellings.set(reference, normalized);
  }
  return normalized;
}

function normalizeUncached(reference: string): string {
  const trimmed = reference.trim();
  if (trimmed.startsWith('urn:')) return trimmed;
  const query = trimmed.indexOf('?');
  if (query > 0) {
    const type = trimmed.slice(0, query).split('/').pop() ?? '';
    const params = trimmed.slice(query + 1).split('&');
    if (params.length === 1 && params[0].startsWith('identifier=') && /^[A-Z]/.test(type)) {
      return `${type}?identifier=${decode(params[0].slice('identifier='.length))}`;
    }
    return trimmed;
  }
  const literal = LITERAL.exec(trimmed);
  return literal ? `${literal[1]}/${literal[2]}` : trimmed;
}

/** `Type/id` for a resource with an id, else its fullUrl; undefined when it has neither. */
export function resourceKey(resource: FhirResourceLike, fullUrl?: string): string | undefined {
  if (typeof resource.id === 'string' && resource.id !== '')
    return `${resource.resourceType}/${resource.id}`;
  return fullUrl ? normalizeReference(fullUrl) : undefined;
}

/**
 * A Reference given by identifier alone (`{ identifier: { system, value }, type? }`), in
 * the conditional form: `Type?identifier=system|value`, or `?identifier=…` when neither
 * the Reference nor its field says the type.
 */
export function logicalReference(reference: unknown, assumedType?: string): string | undefined {
  if (typeof reference !== 'object' || reference === null) return undefined;
  const { identifier, type } = reference as { identifier?: unknown; type?: unknown };
  if (typeof identifier !== 'object' || identifier === null || Array.isArray(identifier))
    return undefined;
  const { system, value } = identifier as { system?: unknown; value?: unknown };
  if (typeof value !== 'string' || value === '') return undefined;
  const typeName = typeof type === 'string' ? type.split('/').pop() : assumedType;
  const token = typeof system === 'string' && system !== '' ? `${system}|${value}` : value;
  return `${typeName ?? ''}?identifier=${token}`;
}

/** The aliases by identifier (`Type?identifier=…` and `?identifier=…`), part of resourceAliases. */
export function identifierAliases(resource: FhirResourceLike): string[] {
  if (!Array.isArray(resource.identifier)) return [];
  const aliases: string[] = [];
  for (const identifier of resource.identifier as unknown[]) {
    if (typeof identifier !== 'object' || identifier === null) continue;
    const { system, value } = identifier as { system?: unknown; value?: unknown };
    if (typeof value !== 'string' || value === '') continue;
    // Typed and untyped: logical references often leave the type out.
    for (const type of [resource.resourceType, '']) {
      if (typeof system === 'string' && system !== '')
        aliases.push(`${type}?identifier=${system}|${value}`);
      else aliases.push(`${type}?identifier=|${value}`);
      // `identifier=value` (no system) matches the value in any system.
      aliases.push(`${type}?identifier=${value}`);
    }
  }
  return aliases;
}

/** The aliases by id and by fullUrl (`Type/id`, the normalized fullUrl), part of resourceAliases. */
export function directAliases(resource: FhirResourceLike, fullUrl?: string): string[] {
  const aliases: string[] = [];
  if (typeof resource.id === 'string' && resource.id !== '')
    aliases.push(`${resource.resourceType}/${resource.id}`);
  if (fullUrl) aliases.push(normalizeReference(fullUrl));
  return aliases;
}

/** Every normalized reference that can point at this resource. */
export function resourceAliases(resource: FhirResourceLike, fullUrl?: string): string[] {
  const aliases = new Set<string>(directAliases(resource, fullUrl));
  for (const alias of identifierAliases(resource)) aliases.add(alias);
  return [...aliases];
}

/**
 * The type a reference by identifier names (`Practitioner` of `Practitioner?identifier=…`,
 * '' for `?identifier=…`), or undefined for any other reference. Only resources of that
 * type (any type for '') have an alias equal to it.
 */
export function identifierReferenceType(reference: string): string | undefined {
  const at = reference.indexOf('?identifier=');
  return at < 0 ? undefined : reference.slice(0, at);
}

/**
 * The normalized references anywhere in a resource: `reference` strings (except local
 * `#id` ones), and references by identifier alone (see logicalReference).
 */
export function collectReferences(root: unknown): string[] {
  const found = new Set<string>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === 'object' && item !== null) stack.push(item);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    // A resource's own identifier is not a reference; a nested element's may be.
    if (node !== root && !('resourceType' in node) && !('reference' in node)) {
      const logical = logicalReference(node);
      if (logical) found.add(logical);
    }
    // for…in, not Object.entries: no pair arrays per node (this walks every staged resource).
    const fields = node as Record<string, unknown>;
    for (const key in fields) {
      const value = fields[key];
      if (key === 'reference' && typeof value === 'string') {
        if (value !== '' && value.charCodeAt(0) !== 35 /* # */)
          found.add(normalizeReference(value));
      } else if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return [...found];
}
