import type { InputFinding } from './input-policy.js';
import { validateInThread, type R4Validation } from './r4-validation.js';

type Json = Record<string, unknown>;

export interface ConformedResource {
  /** A copy with the elements R4 validation flagged removed; the input is not changed. */
  resource: Json;
  /** What was removed, by path (`Patient.name[1]`) and why. */
  removed: InputFinding[];
  /** What removing cannot fix (a required element missing at the resource's top level). */
  remaining: InputFinding[];
}

const MAX_ROUNDS = 4;

async function findings(
  resource: Json,
  validate: R4Validation,
  signal?: AbortSignal,
): Promise<InputFinding[]> {
  return (await validate(resource, signal))
    .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
    .map((issue) => ({
      path: issue.expression?.[0] ?? String(resource.resourceType),
      problem: issue.details?.text ?? issue.diagnostics ?? 'invalid',
    }));
}

/** `Patient.name[1].given` → ['name', 1, 'given']; a choice element keeps its `[x]`. */
function steps(path: string): (string | number)[] | null {
  const result: (string | number)[] = [];
  for (const part of path.split('.').slice(1)) {
    const match = /^([A-Za-z_]\w*(?:\[x\])?)(?:\[(\d+)\])?$/.exec(part);
    if (!match) return null;
    result.push(match[1]);
    if (match[2] !== undefined) result.push(Number(match[2]));
  }
  return result;
}

/** The key a step names in an object: `value[x]` is whichever `valueQuantity`, `valueString`… is there. */
function keyOf(node: Json, step: string): string | undefined {
  if (!step.endsWith('[x]')) return step in node ? step : undefined;
  const prefix = step.slice(0, -3);
  return Object.keys(node).find(
    (key) => key.startsWith(prefix) && /^[A-Z]/.test(key.slice(prefix.length)),
  );
}

function child(node: unknown, step: string | number): unknown {
  if (typeof node !== 'object' || node === null) return undefined;
  if (typeof step === 'number') return Array.isArray(node) ? node[step] : undefined;
  const key = keyOf(node as Json, step);
  return key === undefined ? undefined : (node as Json)[key];
}

/** Removes the element at the steps; true when something was removed. */
function remove(root: Json, path: (string | number)[]): boolean {
  let node: unknown = root;
  for (const step of path.slice(0, -1)) {
    node = child(node, step);
    if (typeof node !== 'object' || node === null) return false;
  }
  const last = path[path.length - 1];
  if (typeof last === 'number') {
    if (!Array.isArray(node) || last >= node.length) return false;
    node[last] = undefined;
    return true;
  }
  const key = Array.isArray(node) ? undefined : keyOf(node as Json, last);
  if (key === undefined) return false;
  delete (node as Json)[key];
  return true;
}

/** Drops array holes left by removals, then empty arrays and objects, bottom up. */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.filter((item) => item !== undefined).map(compact);
    const kept = items.filter((item) => item !== undefined);
    return kept.length === 0 ? undefined : kept;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Json = {};
    for (const [key, item] of Object.entries(value as Json)) {
      const compacted = compact(item);
      if (compacted !== undefined) out[key] = compacted;
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }
  return value;
}

/**
 * Makes a copy of a resource that R4 validation accepts by removing what it flags: an empty
 * or null element, an unknown property, a value of the wrong type or format, and an element
 * that lacks a required child (the element goes, not the resource). A required element
 * missing at the top of the resource cannot be removed away; it is reported in `remaining`.
 * Used where the service writes FHIR built from tolerated input (the IPS document).
 * `validate` decides where each round's R4 validation runs (by default here).
 */
export async function conformResource(
  resource: Json,
  validate: R4Validation = validateInThread,
  signal?: AbortSignal,
): Promise<ConformedResource> {
  let copy = structuredClone(resource);
  const removed: InputFinding[] = [];
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const found = await findings(copy, validate, signal);
    if (found.length === 0) return { resource: copy, removed, remaining: [] };
    let changed = false;
    for (const finding of found) {
      const path = steps(finding.path);
      if (path === null || path.length === 0) continue;
      const target = finding.problem === 'Missing required property' ? path.slice(0, -1) : path;
      if (target.length === 0) continue;
      if (remove(copy, target)) {
        removed.push(finding);
        changed = true;
      }
    }
    copy = (compact(copy) as Json | undefined) ?? { resourceType: resource.resourceType };
    copy.resourceType = resource.resourceType;
    if (!changed) break;
  }
  return { resource: copy, removed, remaining: await findings(copy, validate, signal) };
}
