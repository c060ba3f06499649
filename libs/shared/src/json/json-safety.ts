/**
 * The input policy every stored or recursively processed JSON value passes first:
 * nesting no deeper than a limit, no string or key PostgreSQL cannot store (U+0000, or a
 * lone UTF-16 surrogate, which cannot be encoded as UTF-8), and no `__proto__` key (an
 * assignment of it changes an object's prototype instead of adding a field).
 * The walk is iterative, so it is safe on any input the parser accepted.
 */
export const DEFAULT_MAX_JSON_DEPTH = 256;
/** The highest MAX_JSON_DEPTH may be set to; deeper is unsafe for the recursive code behind the guard. */
export const JSON_DEPTH_CEILING = 512;

export type JsonProblem =
  | { kind: 'too-deep'; path: string; maxDepth: number }
  | { kind: 'unstorable-character'; path: string; character: string }
  | { kind: 'forbidden-key'; path: string; key: string };

interface Frame {
  value: unknown;
  depth: number;
  parent?: Frame;
  key?: string | number;
}

const MAX_PATH_LENGTH = 120;
const FORBIDDEN_KEYS = new Set(['__proto__']);

/** The first character PostgreSQL text cannot hold, as `U+XXXX`; undefined when there is none. */
export function unstorableCharacter(text: string): string | undefined {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0) return 'U+0000';
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1;
        continue;
      }
      return `U+${code.toString(16).toUpperCase()}`;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return `U+${code.toString(16).toUpperCase()}`;
  }
  return undefined;
}

function pathOf(frame: Frame, extra?: string | number): string {
  const parts: (string | number)[] = extra === undefined ? [] : [extra];
  for (let current: Frame | undefined = frame; current?.key !== undefined; current = current.parent)
    parts.unshift(current.key);
  let path = '';
  for (const part of parts) {
    if (typeof part === 'number') path += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) path += path === '' ? part : `.${part}`;
    // eslint-disable-next-line no-control-regex -- control characters are what is masked here
    else path += `[${JSON.stringify(part.replace(/[\u0000-\u001f]/g, '?'))}]`;
  }
  if (path === '') return '(root)';
  return path.length > MAX_PATH_LENGTH ? `…${path.slice(-MAX_PATH_LENGTH)}` : path;
}

/** The first breach of the policy in `value`, in document order; undefined when it complies. */
export function findJsonProblem(
  value: unknown,
  maxDepth: number = DEFAULT_MAX_JSON_DEPTH,
): JsonProblem | undefined {
  return walk({ value, depth: 0 }, maxDepth);
}

/**
 * The same answer as findJsonProblem for `value` parsed from `text`, where `text` was
 * decoded from UTF-8 (a file or a request body), with less work in the usual case. UTF-8
 * decoding never yields U+0000 inside a JSON string (the parser refuses raw control
 * characters) nor a lone surrogate (it decodes invalid bytes as U+FFFD), so only a `\u`
 * escape can put one in a string or key, and a `__proto__` key is spelled out or escaped.
 * Without either in the text, only the nesting needs a walk, over objects and arrays.
 */
export function findDecodedJsonProblem(
  value: unknown,
  text: string,
  maxDepth: number = DEFAULT_MAX_JSON_DEPTH,
): JsonProblem | undefined {
  if (text.includes('\\u') || text.includes('__proto__') || nestsDeeperThan(value, maxDepth))
    return findJsonProblem(value, maxDepth);
  return undefined;
}

/** Whether objects and arrays nest deeper than `maxDepth` in `value` (iterative: any depth). */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop()! + 1;
    if (current === null || typeof current !== 'object') continue;
    if (depth > maxDepth) return true;
    const children = Array.isArray(current)
      ? (current as unknown[])
      : Object.values(current as Record<string, unknown>);
    for (const child of children)
      if (child !== null && typeof child === 'object') {
        values.push(child);
        depths.push(depth);
      }
  }
  return false;
}

/**
 * The same check for a part of a larger document: `value` sits inside `depth` objects and
 * arrays, at `path` (keys and indexes from the root), and the problem names its full path.
 */
export function findJsonProblemAt(
  value: unknown,
  maxDepth: number,
  depth: number,
  path: readonly (string | number)[],
): JsonProblem | undefined {
  // The frames above `value` only carry the keys its path is made of.
  let frame: Frame = { value: undefined, depth: 0 };
  for (const key of path) frame = { value: undefined, depth: 0, parent: frame, key };
  return walk({ ...frame, value, depth }, maxDepth);
}

function walk(start: Frame, maxDepth: number): JsonProblem | undefined {
  const stack: Frame[] = [start];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const current = frame.value;
    if (typeof current === 'string') {
      const character = unstorableCharacter(current);
      if (character) return { kind: 'unstorable-character', path: pathOf(frame), character };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const depth = frame.depth + 1;
    if (depth > maxDepth) return { kind: 'too-deep', path: pathOf(frame), maxDepth };
    const children: Frame[] = [];
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index += 1)
        children.push({ value: current[index], depth, parent: frame, key: index });
    } else {
      for (const key of Object.keys(current)) {
        if (FORBIDDEN_KEYS.has(key))
          return { kind: 'forbidden-key', path: pathOf(frame, key), key };
        const character = unstorableCharacter(key);
        if (character) return { kind: 'unstorable-character', path: pathOf(frame, key), character };
        children.push({
          value: (current as Record<string, unknown>)[key],
          depth,
          parent: frame,
          key,
        });
      }
    }
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]);
  }
  return undefined;
}

/** One sentence naming the problem and where it is, for error messages and logs. */
export function describeJsonProblem(problem: JsonProblem, subject = 'Request body'): string {
  switch (problem.kind) {
    case 'too-deep':
      return `${subject} is nested deeper than ${problem.maxDepth} levels (at ${problem.path})`;
    case 'unstorable-character':
      return `${subject} field ${problem.path} contains ${problem.character}, which cannot be stored; remove it`;
    case 'forbidden-key':
      return `${subject} field ${problem.path}: the key "${problem.key}" is not allowed`;
  }
}
