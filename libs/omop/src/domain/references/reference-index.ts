import { child, isObject, text, type JsonObject } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';

export type ReferenceFailure = 'UNRESOLVED' | 'AMBIGUOUS' | 'CONFLICTING' | 'UNSUPPORTED';

export type ReferenceOutcome =
  | { kind: 'resolved'; entry: InputEntry; reference: string }
  | { kind: 'absent' }
  | { kind: ReferenceFailure; reference: string; reason: string };

const RELATIVE = /^([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/;
const ABSOLUTE_TAIL = /\/([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function identifierKey(system: string | undefined, value: string): string {
  return `${system ?? ''}|${value}`;
}

/** The readable form of a reference for diagnostics. */
function describe(reference: JsonObject): string {
  const literal = text(reference.reference);
  if (literal !== undefined) return literal;
  const identifier = child(reference.identifier);
  if (identifier) {
    const type = text(reference.type);
    return `${type ?? ''}${type ? '?' : ''}identifier=${text(identifier.system) ?? ''}|${text(identifier.value) ?? ''}`;
  }
  return text(reference.display) ?? '(empty reference)';
}

/**
 * Resolves references between the resources of one request, in every form seen in real
 * data: `Type/id` (also `/_history/n`), absolute URLs, `urn:uuid:` fullUrls, conditional
 * references by identifier (`Practitioner?identifier=system|value`, as Synthea writes
 * them), logical references by `identifier`, and `#id` for contained resources. Each
 * call follows one reference one step, so references that loop cannot loop the mapper.
 */
export class ReferenceIndex {
  private readonly byTypeAndId = new Map<string, InputEntry[]>();
  private readonly byFullUrl = new Map<string, InputEntry[]>();
  private readonly byIdentifier = new Map<string, InputEntry[]>();
  private readonly containedBy = new Map<InputEntry, Map<string, InputEntry>>();
  /** Outcomes of references that do not depend on where they are written from. */
  private readonly memo = new Map<string, ReferenceOutcome>();

  constructor(entries: readonly InputEntry[]) {
    for (const entry of entries) {
      if (entry.container) {
        let scope = this.containedBy.get(entry.container);
        if (!scope) this.containedBy.set(entry.container, (scope = new Map<string, InputEntry>()));
        if (entry.id !== undefined && !scope.has(entry.id)) scope.set(entry.id, entry);
        continue;
      }
      if (entry.id !== undefined)
        push(this.byTypeAndId, `${entry.resourceType}/${entry.id}`, entry);
      if (entry.fullUrl !== undefined) push(this.byFullUrl, entry.fullUrl, entry);
      for (const identifier of Array.isArray(entry.resource.identifier)
        ? entry.resource.identifier
        : [entry.resource.identifier]) {
        if (!isObject(identifier)) continue;
        const value = text(identifier.value);
        if (value === undefined) continue;
        push(this.byIdentifier, identifierKey(text(identifier.system), value), entry);
        if (text(identifier.system) !== undefined)
          push(this.byIdentifier, identifierKey(undefined, value), entry);
      }
    }
  }

  /** Entries sharing one `Type/id`: more than one means the request holds duplicates. */
  sameTypeAndId(entry: InputEntry): readonly InputEntry[] {
    return entry.id === undefined || entry.container
      ? [entry]
      : (this.byTypeAndId.get(`${entry.resourceType}/${entry.id}`) ?? [entry]);
  }

  /**
   * What a Reference element points to. `allowed` names the resource types the field may
   * point to: it narrows logical references and refuses a target of another type.
   */
  resolve(value: unknown, from: InputEntry, allowed?: readonly string[]): ReferenceOutcome {
    if (!isObject(value)) return { kind: 'absent' };
    const described = describe(value);
    const declaredType = text(value.type);
    const literal = text(value.reference);
    const identifier = child(value.identifier);
    if (literal === undefined && identifier === undefined) {
      return text(value.display) === undefined
        ? { kind: 'absent' }
        : {
            kind: 'UNRESOLVED',
            reference: described,
            reason: 'the reference carries only a display text',
          };
    }
    const byLiteral = literal === undefined ? undefined : this.literal(literal, from);
    const byIdentifier =
      identifier === undefined ? undefined : this.logical(identifier, declaredType, allowed);
    const outcome = this.combine(byLiteral, byIdentifier, described);
    if (outcome.kind === 'resolved' && allowed && !allowed.includes(outcome.entry.resourceType)) {
      return {
        kind: 'UNSUPPORTED',
        reference: described,
        reason: `points to a ${outcome.entry.resourceType}; this field maps ${allowed.join(' or ')} only`,
      };
    }
    if (
      outcome.kind === 'resolved' &&
      declaredType &&
      outcome.entry.resourceType !== declaredType
    ) {
      return {
        kind: 'CONFLICTING',
        reference: described,
        reason: `Reference.type says ${declaredType} but the reference points to a ${outcome.entry.resourceType}`,
      };
    }
    return outcome;
  }

  private combine(
    byLiteral: ReferenceOutcome | undefined,
    byIdentifier: ReferenceOutcome | undefined,
    described: string,
  ): ReferenceOutcome {
    if (byLiteral === undefined) return byIdentifier ?? { kind: 'absent' };
    if (byIdentifier === undefined || byIdentifier.kind !== 'resolved') return byLiteral;
    if (byLiteral.kind !== 'resolved') return byIdentifier;
    if (byLiteral.entry === byIdentifier.entry) return byLiteral;
    return {
      kind: 'CONFLICTING',
      reference: described,
      reason: `Reference.reference and Reference.identifier point to different resources (${byLiteral.entry.key}, ${byIdentifier.entry.key})`,
    };
  }

  private literal(reference: string, from: InputEntry): ReferenceOutcome {
    if (reference.startsWith('#')) return this.contained(reference, from);
    // Only a relative reference depends on where it is written: the base of the entry's fullUrl.
    const base =
      from.fullUrl && !from.fullUrl.startsWith('urn:') ? ABSOLUTE_TAIL.exec(from.fullUrl) : null;
    const key =
      base && from.fullUrl ? `${from.fullUrl.slice(0, base.index)} ${reference}` : reference;
    let outcome = this.memo.get(key);
    if (!outcome) {
      outcome = this.uncached(
        reference,
        base && from.fullUrl ? from.fullUrl.slice(0, base.index) : undefined,
      );
      this.memo.set(key, outcome);
    }
    return outcome;
  }

  private uncached(reference: string, base: string | undefined): ReferenceOutcome {
    if (reference.startsWith('urn:uuid:') || reference.startsWith('urn:oid:')) {
      return this.pick(this.byFullUrl.get(reference), reference, 'no entry has this fullUrl');
    }
    const question = reference.indexOf('?');
    if (question > 0) return this.conditional(reference, question);
    if (/^https?:\/\//i.test(reference)) {
      const exact = this.byFullUrl.get(reference);
      if (exact) return this.pick(exact, reference, '');
      const tail = ABSOLUTE_TAIL.exec(reference);
      if (!tail) {
        return {
          kind: 'UNSUPPORTED',
          reference,
          reason: 'an absolute URL that does not end in Type/id',
        };
      }
      return this.pick(
        this.byTypeAndId.get(`${tail[1]}/${tail[2]}`),
        reference,
        'no resource in the request has this URL or type and id',
      );
    }
    const relative = RELATIVE.exec(reference);
    if (!relative) {
      return {
        kind: 'UNSUPPORTED',
        reference,
        reason: 'not a reference form FHIR defines (Type/id, URL, urn:uuid, #id)',
      };
    }
    // In a Bundle, a relative reference resolves against the base of the entry's own fullUrl.
    if (base !== undefined) {
      const sameServer = this.byFullUrl.get(`${base}/${relative[1]}/${relative[2]}`);
      if (sameServer) return this.pick(sameServer, reference, '');
    }
    return this.pick(
      this.byTypeAndId.get(`${relative[1]}/${relative[2]}`),
      reference,
      'no resource in the request has this type and id',
    );
  }

  private contained(reference: string, from: InputEntry): ReferenceOutcome {
    const container = from.container ?? from;
    if (reference === '#') return { kind: 'resolved', entry: container, reference };
    const found = this.containedBy.get(container)?.get(reference.slice(1));
    return found
      ? { kind: 'resolved', entry: found, reference }
      : { kind: 'UNRESOLVED', reference, reason: 'no contained resource has this id' };
  }

  private conditional(reference: string, question: number): ReferenceOutcome {
    const type = reference.slice(0, question);
    const params = new URLSearchParams(reference.slice(question + 1));
    const keys = [...new Set(params.keys())];
    if (keys.length === 0 || keys.some((key) => key !== 'identifier')) {
      return {
        kind: 'UNSUPPORTED',
        reference,
        reason: 'only conditional references by identifier can be resolved within a request',
      };
    }
    let matches: InputEntry[] | undefined;
    for (const token of params.getAll('identifier')) {
      const bar = token.indexOf('|');
      const key =
        bar < 0
          ? identifierKey(undefined, token)
          : identifierKey(token.slice(0, bar) || undefined, token.slice(bar + 1));
      const found = (this.byIdentifier.get(key) ?? []).filter(
        (entry) => entry.resourceType === type,
      );
      matches = matches === undefined ? found : matches.filter((entry) => found.includes(entry));
    }
    return this.pick(matches, reference, `no ${type} in the request has this identifier`);
  }

  private logical(
    identifier: JsonObject,
    type: string | undefined,
    allowed: readonly string[] | undefined,
  ): ReferenceOutcome {
    const value = text(identifier.value);
    const reference = `identifier=${text(identifier.system) ?? ''}|${value ?? ''}`;
    if (value === undefined) {
      return { kind: 'UNRESOLVED', reference, reason: 'Reference.identifier has no value' };
    }
    const found = (
      this.byIdentifier.get(identifierKey(text(identifier.system), value)) ?? []
    ).filter((entry) =>
      type === undefined
        ? !allowed || allowed.includes(entry.resourceType)
        : entry.resourceType === type,
    );
    return this.pick(found, reference, 'no resource in the request has this identifier');
  }

  private pick(
    candidates: readonly InputEntry[] | undefined,
    reference: string,
    missing: string,
  ): ReferenceOutcome {
    if (!candidates || candidates.length === 0)
      return { kind: 'UNRESOLVED', reference, reason: missing };
    if (candidates.length > 1) {
      return {
        kind: 'AMBIGUOUS',
        reference,
        reason: `${candidates.length} resources in the request match (${candidates
          .slice(0, 3)
          .map((entry) => entry.key)
          .join(', ')}${candidates.length > 3 ? ', …' : ''})`,
      };
    }
    return { kind: 'resolved', entry: candidates[0], reference };
  }
}
