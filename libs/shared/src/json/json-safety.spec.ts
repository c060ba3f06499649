import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { assertSafeJson } from './json-problem-error.js';
import { findJsonProblem, unstorableCharacter } from './json-safety.js';

function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}

describe('JSON input policy', () => {
  it('accepts nesting up to the limit and refuses one level more, without recursion', () => {
    expect(findJsonProblem(nestedArrays(256), 256)).toBeUndefined();
    expect(findJsonProblem(nestedArrays(257), 256)).toMatchObject({ kind: 'too-deep' });
    // far deeper than any call stack: the walk is iterative
    expect(
      findJsonProblem(JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`), 256),
    ).toMatchObject({ kind: 'too-deep', maxDepth: 256 });
  });

  it('names the field holding U+0000 or a lone surrogate, in keys too', () => {
    expect(findJsonProblem({ a: [{ name: 'x\u0000' }] })).toEqual({
      kind: 'unstorable-character',
      path: 'a[0].name',
      character: 'U+0000',
    });
    expect(findJsonProblem({ b: '\ud800x' })).toMatchObject({ path: 'b', character: 'U+D800' });
    expect(findJsonProblem({ 'k\u0000': 1 })).toMatchObject({ kind: 'unstorable-character' });
    expect(unstorableCharacter('emoji 😀 and ‮ are fine')).toBeUndefined();
    expect(unstorableCharacter('\udc00')).toBe('U+DC00');
  });

  it('refuses a __proto__ key but not a constructor key', () => {
    expect(findJsonProblem(JSON.parse('{"x":{"__proto__":{"admin":true}}}'))).toEqual({
      kind: 'forbidden-key',
      path: 'x.__proto__',
      key: '__proto__',
    });
    expect(findJsonProblem({ constructor: 'x' })).toBeUndefined();
  });

  it('turns a problem into a 400 AppError with the field in its details', () => {
    let caught: unknown;
    try {
      assertSafeJson({ resource: { text: 'a\u0000' } }, 256, 'Job payload');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({
      status: 400,
      code: 'REQUEST.UNSTORABLE_CHARACTER',
      details: [{ field: 'resource.text' }],
    });
  });
});
