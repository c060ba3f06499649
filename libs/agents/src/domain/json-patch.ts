/**
 * JSON Patch (RFC 6902) over plain JSON values, with JSON Pointers (RFC 6901). The patch is
 * applied to a copy; the input document is never changed. A patch that cannot be applied
 * (malformed operation, missing path, failing `test`) yields the index and a sentence.
 */
export type JsonPatchResult =
  { ok: true; value: unknown } | { ok: false; index: number; problem: string };

type Container = Record<string, unknown> | unknown[];

const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

class PatchProblem extends Error {}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return isContainer(value) && !Array.isArray(value);
}

function parsePointer(pointer: unknown, field: string): string[] {
  if (typeof pointer !== 'string')
    throw new PatchProblem(`"${field}" must be a JSON Pointer string`);
  if (pointer === '') return [];
  if (!pointer.startsWith('/'))
    throw new PatchProblem(`"${field}" ${JSON.stringify(pointer)} must start with "/"`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function arrayIndex(array: unknown[], token: string, pointer: string, allowEnd: boolean): number {
  if (allowEnd && token === '-') return array.length;
  if (!/^(0|[1-9]\d*)$/.test(token))
    throw new PatchProblem(`${pointer}: "${token}" is not an array index`);
  const index = Number(token);
  if (index > array.length || (!allowEnd && index === array.length))
    throw new PatchProblem(`${pointer}: index ${index} is out of bounds`);
  return index;
}

function hasOwn(object: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** The container holding the last token of `tokens`, which must exist. */
function parentOf(document: unknown, tokens: string[], pointer: string): Container {
  let current = document;
  for (const token of tokens.slice(0, -1)) {
    if (Array.isArray(current)) current = current[arrayIndex(current, token, pointer, false)];
    else if (isObject(current) && hasOwn(current, token)) current = current[token];
    else throw new PatchProblem(`${pointer}: the path does not exist`);
  }
  if (!isContainer(current)) throw new PatchProblem(`${pointer}: the path does not exist`);
  return current;
}

function read(document: unknown, tokens: string[], pointer: string): unknown {
  if (tokens.length === 0) return document;
  const parent = parentOf(document, tokens, pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) return parent[arrayIndex(parent, last, pointer, false)];
  if (!hasOwn(parent, last)) throw new PatchProblem(`${pointer}: the path does not exist`);
  return parent[last];
}

function remove(document: unknown, tokens: string[], pointer: string): unknown {
  if (tokens.length === 0) throw new PatchProblem('the whole document cannot be removed');
  const parent = parentOf(document, tokens, pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) return parent.splice(arrayIndex(parent, last, pointer, false), 1)[0];
  if (!hasOwn(parent, last)) throw new PatchProblem(`${pointer}: the path does not exist`);
  const removed = parent[last];
  delete parent[last];
  return removed;
}

/** Returns the new document (a replaced root) after adding `value` at `tokens`. */
function add(document: unknown, tokens: string[], value: unknown, pointer: string): unknown {
  if (tokens.length === 0) return value;
  const parent = parentOf(document, tokens, pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, pointer, true), 0, value);
  else parent[last] = value;
  return document;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => deepEqual(item, b[index]))
    );
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => hasOwn(b, key) && deepEqual(a[key], b[key]))
  );
}

function valueOf(operation: Record<string, unknown>): unknown {
  if (!hasOwn(operation, 'value'))
    throw new PatchProblem(`"${String(operation.op)}" needs a "value"`);
  return structuredClone(operation.value);
}

function applyOne(document: unknown, operation: unknown): unknown {
  if (!isObject(operation)) throw new PatchProblem('an operation must be an object');
  const op = operation.op;
  if (typeof op !== 'string' || !OPS.has(op))
    throw new PatchProblem(`"op" must be one of ${[...OPS].join(', ')}`);
  const pointer = operation.path as string;
  const path = parsePointer(pointer, 'path');
  switch (op) {
    case 'add':
      return add(document, path, valueOf(operation), pointer);
    case 'remove':
      remove(document, path, pointer);
      return document;
    case 'replace': {
      const value = valueOf(operation);
      if (path.length === 0) return value;
      read(document, path, pointer);
      remove(document, path, pointer);
      return add(document, path, value, pointer);
    }
    case 'move': {
      const from = parsePointer(operation.from, 'from');
      const fromPointer = operation.from as string;
      if (pointer.startsWith(`${fromPointer}/`))
        throw new PatchProblem(`${pointer}: a value cannot be moved into itself`);
      const value = remove(document, from, fromPointer);
      return add(document, path, value, pointer);
    }
    case 'copy': {
      const from = parsePointer(operation.from, 'from');
      const value = structuredClone(read(document, from, operation.from as string));
      return add(document, path, value, pointer);
    }
    default: {
      const expected = valueOf(operation);
      if (!deepEqual(read(document, path, pointer), expected))
        throw new PatchProblem(
          `${pointer}: test failed, the value is not ${JSON.stringify(expected)}`,
        );
      return document;
    }
  }
}

export function applyJsonPatch(document: unknown, patch: unknown): JsonPatchResult {
  if (!Array.isArray(patch))
    return { ok: false, index: -1, problem: 'a JSON Patch must be an array of operations' };
  let current: unknown = structuredClone(document);
  for (const [index, operation] of patch.entries()) {
    try {
      current = applyOne(current, operation);
    } catch (error) {
      if (error instanceof PatchProblem) return { ok: false, index, problem: error.message };
      throw error;
    }
  }
  return { ok: true, value: current };
}
