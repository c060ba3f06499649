import type { Bundle, Resource } from '@app/fhir';

const URN = /^urn:uuid:[0-9a-f-]{36}$/i;
const LOCATION = /(?:^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?\/?$/;

/** `Type/id` from a transaction-response entry's location (relative or absolute, with or without history). */
export function referenceFromLocation(location: string | undefined): string | undefined {
  const match = location ? LOCATION.exec(location) : null;
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/**
 * Where each `urn:uuid` of the request ended up: the server's answer for an entry is at
 * the same position as the entry (FHIR's transaction rule), with a location or a resource.
 */
export function storedReferences(request: Bundle, response: Bundle): Map<string, string> {
  const stored = new Map<string, string>();
  (request.entry ?? []).forEach((entry, index) => {
    const answer = response.entry?.[index];
    const reference =
      referenceFromLocation(answer?.response?.location) ??
      (answer?.resource?.id ? `${answer.resource.resourceType}/${answer.resource.id}` : undefined);
    if (entry.fullUrl && reference) stored.set(entry.fullUrl, reference);
  });
  return stored;
}

/** Every `urn:uuid` reference left in a resource. */
export function urnReferences(resource: Resource): string[] {
  const found: string[] = [];
  walk(resource, (holder) => {
    if (typeof holder.reference === 'string' && URN.test(holder.reference))
      found.push(holder.reference);
  });
  return found;
}

/** A copy of the resource with each `urn:uuid` that was stored replaced by its `Type/id`. */
export function resolveUrnReferences(resource: Resource, stored: Map<string, string>): Resource {
  const copy = structuredClone(resource);
  walk(copy, (holder) => {
    const target = typeof holder.reference === 'string' ? stored.get(holder.reference) : undefined;
    if (target) holder.reference = target;
  });
  return copy;
}

export interface FixupPlan {
  /** The stored resources whose references must be rewritten (PUT), already rewritten. */
  updates: Resource[];
  /** urn:uuid references that point at nothing the transaction stored. */
  dangling: string[];
}

/**
 * What to PUT so that every reference resolves, given the resources as the server stored
 * them: those still holding a `urn:uuid` of the transaction, rewritten to `Type/id`.
 */
export function planFixups(storedResources: Resource[], stored: Map<string, string>): FixupPlan {
  const updates: Resource[] = [];
  const dangling = new Set<string>();
  for (const resource of storedResources) {
    const urns = urnReferences(resource);
    if (urns.length === 0 || !resource.id) continue;
    for (const urn of urns) if (!stored.has(urn)) dangling.add(urn);
    if (urns.some((urn) => stored.has(urn))) updates.push(resolveUrnReferences(resource, stored));
  }
  return { updates, dangling: [...dangling] };
}

function walk(value: unknown, visit: (holder: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
  } else if (typeof value === 'object' && value !== null) {
    const holder = value as Record<string, unknown>;
    visit(holder);
    for (const child of Object.values(holder)) walk(child, visit);
  }
}

/** The transaction-response with each entry's resource replaced by its fixed version (matched by Type/id). */
export function withResources(response: Bundle, resources: Resource[]): Bundle {
  const byReference = new Map(
    resources.map((resource) => [`${resource.resourceType}/${resource.id}`, resource]),
  );
  return {
    ...response,
    entry: (response.entry ?? []).map((entry) => {
      const reference =
        (entry.resource?.id ? `${entry.resource.resourceType}/${entry.resource.id}` : undefined) ??
        referenceFromLocation(entry.response?.location);
      const replacement = reference ? byReference.get(reference) : undefined;
      return replacement ? { ...entry, resource: replacement } : entry;
    }),
  };
}
