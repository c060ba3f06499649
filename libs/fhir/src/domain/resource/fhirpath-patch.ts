import { evalFhirPathTyped, getElementDefinition, toTypedValue } from '@medplum/core';
import { loadFhirDefinitions } from '../fhir-definitions.js';
import type { Resource } from '../fhir-types.js';

/** A FHIRPath Patch that cannot be applied, in words for a 400 OperationOutcome. */
export class PatchError extends Error {}

type Json = Record<string, unknown>;

interface Operation {
  type: string;
  path: string;
  name?: string;
  value?: unknown;
  index?: number;
  source?: number;
  destination?: number;
}

/** Whether a PATCH body is a FHIRPath Patch (a Parameters resource) rather than a JSON Patch. */
export function isFhirPathPatch(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    (body as Json).resourceType === 'Parameters'
  );
}

/**
 * Applies a FHIRPath Patch (FHIR R4 §2.39: add, insert, delete, replace, move) to a copy of
 * `resource`. Paths are FHIRPath expressions evaluated with medplum; a path that names no
 * element is an error, except for delete (nothing to delete is not a failure).
 */
export function applyFhirPathPatch(resource: Resource, parameters: unknown): Resource {
  loadFhirDefinitions();
  const out = structuredClone(resource) as unknown as Json;
  for (const operation of operations(parameters)) apply(out, operation);
  return out as unknown as Resource;
}

/**
 * The JSON Patch that turns `before` into `after` at the top level (id and meta kept):
 * FHIRPath Patches are stored through the same path as JSON Patches.
 */
export function topLevelJsonPatch(before: Resource, after: Resource): unknown[] {
  const from = before as unknown as Json;
  const to = after as unknown as Json;
  const ops: unknown[] = [];
  for (const key of Object.keys(from)) {
    if (key === 'id' || key === 'meta' || key === 'resourceType') continue;
    if (!(key in to)) ops.push({ op: 'remove', path: `/${key}` });
  }
  for (const [key, value] of Object.entries(to)) {
    if (key === 'id' || key === 'meta' || key === 'resourceType') continue;
    if (JSON.stringify(from[key]) === JSON.stringify(value)) continue;
    ops.push({ op: key in from ? 'replace' : 'add', path: `/${key}`, value });
  }
  return ops;
}

function operations(parameters: unknown): Operation[] {
  const parameter = (parameters as { parameter?: unknown }).parameter;
  if (!Array.isArray(parameter) || parameter.length === 0) {
    throw new PatchError('The FHIRPath Patch has no "operation" parameter');
  }
  return parameter.map((item: Json, position) => {
    if (item.name !== 'operation' || !Array.isArray(item.part)) {
      throw new PatchError(`parameter[${position}] must be an "operation" with parts`);
    }
    const parts = item.part as Json[];
    const part = (name: string) => parts.find((candidate) => candidate.name === name);
    const text = (name: string) => {
      const found = part(name);
      const value = found ? (found.valueCode ?? found.valueString) : undefined;
      return typeof value === 'string' ? value : undefined;
    };
    const integer = (name: string) => {
      const value = part(name)?.valueInteger;
      return typeof value === 'number' ? value : undefined;
    };
    const type = text('type');
    const path = text('path');
    if (!type || !path) throw new PatchError(`operation ${position + 1} needs a type and a path`);
    const valuePart = part('value');
    return {
      type,
      path,
      name: text('name'),
      value: valuePart === undefined ? undefined : partValue(valuePart),
      index: integer('index'),
      source: integer('source'),
      destination: integer('destination'),
    };
  });
}

/** A part's value: its value[x], or for a complex value the object its own parts make. */
function partValue(part: Json): unknown {
  const key = Object.keys(part).find((name) => /^value[A-Z]/.test(name));
  if (key) return structuredClone(part[key]);
  if (!Array.isArray(part.part)) return undefined;
  const object: Json = {};
  for (const child of part.part as Json[]) {
    if (typeof child.name !== 'string') continue;
    const value = partValue(child);
    const existing = object[child.name];
    if (existing === undefined) object[child.name] = value;
    else
      object[child.name] = [
        ...(Array.isArray(existing) ? (existing as unknown[]) : [existing]),
        value,
      ];
  }
  return object;
}

function apply(resource: Json, operation: Operation): void {
  const { type, path } = operation;
  switch (type) {
    case 'add': {
      if (!operation.name) throw new PatchError(`add at ${path} needs a name`);
      requireValue(operation);
      for (const target of objectsAt(resource, path)) {
        const current = target.value[operation.name];
        const max = getElementDefinition(target.type, operation.name)?.max;
        if (Array.isArray(current)) current.push(operation.value);
        else if (current === undefined)
          target.value[operation.name] = max === 1 ? operation.value : [operation.value];
        else throw new PatchError(`add: ${path}.${operation.name} already has a value`);
      }
      return;
    }
    case 'insert': {
      requireValue(operation);
      const list = listAt(resource, path, true);
      const index = checkIndex(operation.index, list.length, 'index', path);
      list.splice(index, 0, operation.value);
      return;
    }
    case 'move': {
      const list = listAt(resource, path, false);
      const source = checkIndex(operation.source, list.length - 1, 'source', path);
      const destination = checkIndex(operation.destination, list.length - 1, 'destination', path);
      const [moved] = list.splice(source, 1);
      list.splice(destination, 0, moved);
      return;
    }
    case 'replace':
      requireValue(operation);
      for (const slot of slotsAt(resource, path, false)) slot.set(operation.value);
      return;
    case 'delete':
      for (const slot of slotsAt(resource, path, true).reverse()) slot.remove();
      return;
    default:
      throw new PatchError(`Unknown operation type "${type}" (add, insert, delete, replace, move)`);
  }
}

function requireValue(operation: Operation): void {
  if (operation.value === undefined) {
    throw new PatchError(`${operation.type} at ${operation.path} needs a value`);
  }
}

function checkIndex(value: number | undefined, max: number, name: string, path: string): number {
  if (value === undefined || !Number.isInteger(value) || value < 0 || value > max) {
    throw new PatchError(`${name} for ${path} must be an integer from 0 to ${max}`);
  }
  return value;
}

function evaluate(resource: Json, path: string) {
  try {
    return evalFhirPathTyped(path, [toTypedValue(resource)]);
  } catch (error) {
    throw new PatchError(`The path "${path}" is not valid FHIRPath: ${(error as Error).message}`);
  }
}

function objectsAt(resource: Json, path: string): { type: string; value: Json }[] {
  const found = evaluate(resource, path).filter(
    (item) => typeof item.value === 'object' && item.value !== null,
  );
  if (found.length === 0) throw new PatchError(`The path "${path}" names no element`);
  return found;
}

interface Slot {
  set(value: unknown): void;
  remove(): void;
}

/** The places the path names: by the last step's name when simple, else by identity. */
function slotsAt(resource: Json, path: string, allowNone: boolean): Slot[] {
  const step = lastStep(path);
  const slots: Slot[] = [];
  if (step) {
    const parents = step.parent === '' ? [{ value: resource }] : evaluate(resource, step.parent);
    for (const parent of parents) {
      const container = parent.value as Json;
      if (typeof container !== 'object' || container === null) continue;
      const value = container[step.name];
      if (value === undefined) continue;
      if (Array.isArray(value)) {
        const indexes = step.index === undefined ? value.map((_, i) => i) : [step.index];
        for (const index of indexes.filter((i) => i < value.length)) {
          slots.push(arraySlot(container, step.name, value[index]));
        }
      } else if (step.index === undefined || step.index === 0) {
        slots.push({
          set: (next) => (container[step.name] = next),
          remove: () => delete container[step.name],
        });
      }
    }
  } else {
    for (const item of evaluate(resource, path)) {
      const place = findContainer(resource, item.value);
      if (!place) throw new PatchError(`The path "${path}" names a value that cannot be changed`);
      slots.push(
        Array.isArray(place.container[place.key])
          ? arraySlot(place.container, place.key, item.value)
          : {
              set: (next) => (place.container[place.key] = next),
              remove: () => delete place.container[place.key],
            },
      );
    }
  }
  if (slots.length === 0 && !allowNone) throw new PatchError(`The path "${path}" names no element`);
  return slots;
}

function arraySlot(container: Json, key: string, item: unknown): Slot {
  return {
    set: (next) => {
      const list = container[key] as unknown[];
      list[list.indexOf(item)] = next;
    },
    remove: () => {
      const list = container[key] as unknown[];
      list.splice(list.indexOf(item), 1);
      if (list.length === 0) delete container[key];
    },
  };
}

function listAt(resource: Json, path: string, create: boolean): unknown[] {
  const step = lastStep(path);
  if (!step || step.index !== undefined) {
    throw new PatchError(`The path "${path}" must end with the name of a repeating element`);
  }
  const parents = step.parent === '' ? [{ value: resource }] : evaluate(resource, step.parent);
  const container = parents[0]?.value as Json | undefined;
  if (parents.length !== 1 || typeof container !== 'object' || container === null) {
    throw new PatchError(`The path "${path}" must name exactly one list`);
  }
  const list = container[step.name];
  if (Array.isArray(list)) return list;
  if (list === undefined && create) return (container[step.name] = []);
  throw new PatchError(`The path "${path}" does not name a list`);
}

/** `Parent.expr.name` or `Parent.expr.name[2]`, split where the last step is a plain name. */
function lastStep(path: string): { parent: string; name: string; index?: number } | undefined {
  const match = /^(.*)\.([A-Za-z][A-Za-z0-9_]*)(?:\[(\d+)\])?$/.exec(path);
  if (!match || /[()'"]$/.test(match[2])) return undefined;
  const parent = /^[A-Z][A-Za-z]+$/.test(match[1]) ? '' : match[1];
  return { parent, name: match[2], index: match[3] === undefined ? undefined : Number(match[3]) };
}

/** Where an object sits in the resource (by identity). */
function findContainer(
  node: unknown,
  target: unknown,
): { container: Json; key: string } | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  for (const [key, value] of Object.entries(node as Json)) {
    if (value === target) return { container: node as Json, key };
    if (Array.isArray(value) && value.includes(target)) return { container: node as Json, key };
    const deeper = Array.isArray(value)
      ? value.map((item) => findContainer(item, target)).find(Boolean)
      : findContainer(value, target);
    if (deeper) return deeper;
  }
  return undefined;
}
