import { OperationOutcomeError, validateResource } from '@medplum/core';
import { loadFhirDefinitions } from '../fhir-definitions.js';
import type { Resource } from '../fhir-types.js';
import { snapshotElements, type ElementDefinitionJson } from './profile-snapshot.js';
import { bindCodes, profileBindings } from './value-set-bindings.js';

/** medplum's StructureDefinition type, as its validator takes it. */
type ProfileDefinition = NonNullable<
  NonNullable<Parameters<typeof validateResource>[1]>['profile']
>;

export interface ProfiledResource {
  resource: Resource;
  /** Required elements (min ≥ 1) the resource still lacks, as element paths. */
  unfilled: string[];
  /** Required bindings to a known value set the resource's codes do not meet. */
  unbound: string[];
  /** Problems of the resource against the profile (path and text). */
  invalid: string[];
}

/**
 * Makes `resource` claim and follow the profile: `meta.profile` names its url, the fixed
 * and pattern values of its top-level elements are set, then the required top-level
 * elements (and required children of present elements) still missing are listed, coded
 * elements are made to use their bound value sets where `valueSets` (by url) has them, and
 * the result is validated against the profile's snapshot.
 */
export function applyProfile(
  resource: Resource,
  sd: Record<string, unknown>,
  valueSets: Record<string, Record<string, unknown>> = {},
): ProfiledResource {
  loadFhirDefinitions();
  const type = String(sd.type);
  const elements = snapshotElements(sd);
  const out = structuredClone(resource) as unknown as Record<string, unknown>;
  out.meta = { ...(out.meta as object), profile: [String(sd.url)] };
  for (const element of elements) {
    const name = topLevelName(element.path, type);
    if (!name || element.id?.includes(':')) continue;
    for (const [key, value] of Object.entries(element)) {
      const fixed = /^(fixed|pattern)([A-Z]\w*)$/.exec(key);
      if (!fixed) continue;
      const field = name.endsWith('[x]') ? `${name.slice(0, -3)}${fixed[2]}` : name;
      setValue(out, field, value, element.max !== '1' && element.max !== '0', fixed[1] === 'fixed');
    }
  }
  const unbound = bindCodes(out, profileBindings(elements, type), valueSets);
  const unfilled = elements
    .filter((element) => (element.min ?? 0) >= 1 && !element.id?.includes(':'))
    .filter((element) => isExpected(out, element.path, type) && !present(out, element.path, type))
    .map((element) => element.path);
  let invalid: string[] = [];
  if (unfilled.length === 0 && unbound.length === 0) {
    invalid = validate(out as unknown as Resource, sd);
  }
  return { resource: out as unknown as Resource, unfilled, unbound, invalid };
}

function topLevelName(path: string, type: string): string | undefined {
  const parts = path.split('.');
  return parts.length === 2 && parts[0] === type ? parts[1] : undefined;
}

/**
 * A fixed value replaces what is there; a pattern is merged into it (every repetition of a
 * repeating element must match a pattern in FHIR, so each one gets what it lacks).
 */
function setValue(
  target: Record<string, unknown>,
  field: string,
  value: unknown,
  repeating: boolean,
  fixed: boolean,
): void {
  const current = target[field];
  if (fixed) {
    target[field] = repeating ? [structuredClone(value)] : structuredClone(value);
  } else if (repeating) {
    const list = Array.isArray(current) ? current : current === undefined ? [] : [current];
    target[field] =
      list.length === 0 ? [structuredClone(value)] : list.map((item) => merged(item, value));
  } else {
    target[field] = current === undefined ? structuredClone(value) : merged(current, value);
  }
}

function merged(item: unknown, pattern: unknown): unknown {
  if (contains(item, pattern)) return item;
  if (Array.isArray(pattern)) {
    const list = Array.isArray(item) ? [...(item as unknown[])] : [];
    for (const part of pattern) {
      if (!list.some((value) => contains(value, part))) list.push(structuredClone(part));
    }
    return list;
  }
  if (
    typeof pattern === 'object' &&
    pattern !== null &&
    typeof item === 'object' &&
    item !== null
  ) {
    const out: Record<string, unknown> = { ...(item as Record<string, unknown>) };
    for (const [key, value] of Object.entries(pattern)) out[key] = merged(out[key], value);
    return out;
  }
  return structuredClone(pattern);
}

/** Whether `item` has every property of `pattern` (FHIR pattern matching). */
function contains(item: unknown, pattern: unknown): boolean {
  if (Array.isArray(pattern)) {
    return (
      Array.isArray(item) && pattern.every((part) => item.some((value) => contains(value, part)))
    );
  }
  if (typeof pattern === 'object' && pattern !== null) {
    return (
      typeof item === 'object' &&
      item !== null &&
      Object.entries(pattern).every(([key, value]) =>
        contains((item as Record<string, unknown>)[key], value),
      )
    );
  }
  return item === pattern;
}

/** A required element matters when its parent is there: top level always, nested when the parent is present. */
function isExpected(resource: Record<string, unknown>, path: string, type: string): boolean {
  const parts = path.split('.');
  if (parts[0] !== type) return false;
  if (parts.length === 2) return true;
  if (parts.length === 3) return present(resource, parts.slice(0, 2).join('.'), type);
  return false;
}

function present(resource: Record<string, unknown>, path: string, type: string): boolean {
  const parts = path.split('.').slice(1);
  let values: unknown[] = [resource];
  for (const part of parts) {
    const next: unknown[] = [];
    for (const value of values) {
      if (typeof value !== 'object' || value === null) continue;
      const record = value as Record<string, unknown>;
      const keys = part.endsWith('[x]')
        ? Object.keys(record).filter((key) => key.startsWith(part.slice(0, -3)))
        : [part];
      for (const key of keys) {
        const found = record[key];
        if (Array.isArray(found)) next.push(...(found as unknown[]));
        else if (found !== undefined) next.push(found);
      }
    }
    values = next;
  }
  return values.length > 0 && type !== '';
}

/**
 * Validates against the profile's snapshot with medplum. medplum compares the pattern of a
 * repeating element with the whole array (never a match), so those patterns are checked
 * here, on every repetition as FHIR says, and left out of what medplum sees.
 */
function validate(resource: Resource, sd: Record<string, unknown>): string[] {
  const type = String(sd.type);
  const problems: string[] = [];
  const elements = snapshotElements(sd).map((element) => {
    if (element.max === '1' || element.max === '0') return element;
    const kept: ElementDefinitionJson = { ...element };
    for (const key of Object.keys(element).filter((name) => name.startsWith('pattern'))) {
      const name = topLevelName(element.path, type);
      const values = name ? (resource as unknown as Record<string, unknown>)[name] : undefined;
      if (Array.isArray(values) && !values.every((value) => contains(value, element[key]))) {
        problems.push(`${element.path} does not match the profile's pattern`);
      }
      delete kept[key];
    }
    return kept;
  });
  try {
    validateResource(resource, {
      profile: { ...sd, snapshot: { element: elements } } as unknown as ProfileDefinition,
    });
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    problems.push(
      ...(error.outcome.issue ?? [])
        .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
        .map((issue) => `${issue.expression?.[0] ?? ''} ${issue.details?.text ?? ''}`.trim()),
    );
  }
  return problems;
}

export type { ElementDefinitionJson };
