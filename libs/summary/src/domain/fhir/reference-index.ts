import type { FhirResource } from './fhir-resource.js';
import type { ResourceEntry } from './fhir-input.js';

export interface FhirReference {
  reference?: string;
  type?: string;
  display?: string;
  identifier?: { system?: string; value?: string };
}

export function asReference(value: unknown): FhirReference | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const candidate = value as FhirReference;
  return typeof candidate.reference === 'string' ||
    typeof candidate.display === 'string' ||
    typeof candidate.identifier === 'object'
    ? candidate
    : null;
}

const RELATIVE = /(?:^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/;

function identifiersOf(resource: FhirResource): { system?: string; value?: string }[] {
  const identifier = resource.identifier;
  if (Array.isArray(identifier)) return identifier as { system?: string; value?: string }[];
  if (typeof identifier === 'object' && identifier !== null) return [identifier];
  return [];
}

/**
 * Resolves references between the resources of one input, in every form found in real
 * bundles: `Type/id`, `urn:uuid:` and absolute fullUrls, absolute URLs ending in
 * `Type/id`, conditional references (`Practitioner?identifier=system|value`, as Synthea
 * writes them), logical references by identifier, and `#id` for contained resources.
 */
export class ReferenceIndex {
  private readonly byKey = new Map<string, FhirResource>();

  constructor(entries: readonly ResourceEntry[]) {
    for (const { resource, fullUrl } of entries) {
      if (fullUrl !== null) this.remember(fullUrl, resource);
      if (resource.id !== undefined)
        this.remember(`${resource.resourceType}/${resource.id}`, resource);
      for (const { system, value } of identifiersOf(resource)) {
        if (value === undefined) continue;
        this.remember(`${resource.resourceType}|${system ?? ''}|${value}`, resource);
        this.remember(`*|${system ?? ''}|${value}`, resource);
        this.remember(`${resource.resourceType}||${value}`, resource);
      }
    }
  }

  private remember(key: string, resource: FhirResource): void {
    if (!this.byKey.has(key)) this.byKey.set(key, resource);
  }

  /** The resource a reference points to, or null when it is not in the input. */
  resolve(value: unknown, from?: FhirResource): FhirResource | null {
    const reference = asReference(value);
    if (reference === null) return null;
    const text = reference.reference;
    if (text !== undefined) {
      if (text.startsWith('#')) return this.contained(text.slice(1), from);
      const direct = this.byKey.get(text);
      if (direct) return direct;
      const conditional = /^([A-Z][A-Za-z]+)\?identifier=([^&]*)$/.exec(text);
      if (conditional) return this.byIdentifier(conditional[1], decodeURIComponent(conditional[2]));
      const relative = RELATIVE.exec(text);
      if (relative) return this.byKey.get(`${relative[1]}/${relative[2]}`) ?? null;
      return null;
    }
    const identifier = reference.identifier;
    if (identifier?.value === undefined) return null;
    return (
      this.byKey.get(`${reference.type ?? '*'}|${identifier.system ?? ''}|${identifier.value}`) ??
      null
    );
  }

  private byIdentifier(type: string, token: string): FhirResource | null {
    const bar = token.indexOf('|');
    if (bar < 0) return this.byKey.get(`${type}||${token}`) ?? null;
    return this.byKey.get(`${type}|${token.slice(0, bar)}|${token.slice(bar + 1)}`) ?? null;
  }

  private contained(id: string, from?: FhirResource): FhirResource | null {
    const contained = from?.contained;
    if (!Array.isArray(contained)) return null;
    const match = contained.find(
      (candidate: unknown) =>
        typeof candidate === 'object' &&
        candidate !== null &&
        (candidate as { id?: unknown }).id === id,
    ) as FhirResource | undefined;
    return match ?? null;
  }
}
