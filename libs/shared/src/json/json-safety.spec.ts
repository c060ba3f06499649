import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { assertSafeJson } from './json-problem-error.js';
import { findDecodedJsonProblem, findJsonProblem, unstorableCharacter } from './json-safety.js';

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

  it('answers as the full walk for values parsed from UTF-8 text, escapes and spelled-out keys included', () => {
    const texts = [
      '{"resourceType":"Patient","name":[{"family":"Müller 😀"}]}',
      '{"a":[{"name":"x\\u0000"}]}',
      '{"b":"\\ud800x"}',
      '{"k\\u0000":1}',
      '{"ok":"\\u00e9 and a \\\\u backslash"}',
      '{"x":{"__proto__":{"admin":true}}}',
      '{"x":{"\\u005f_proto__":{"admin":true}}}',
      JSON.stringify(nestedArrays(256)),
      JSON.stringify({ deep: nestedArrays(300) }),
    ];
    for (const text of texts) {
      const value: unknown = JSON.parse(text);
      expect(findDecodedJsonProblem(value, text, 256), text).toEqual(findJsonProblem(value, 256));
    }
    expect(findDecodedJsonProblem(JSON.parse(texts[1]), texts[1], 256)?.kind).toBe(
      'unstorable-character',
    );
    expect(findDecodedJsonProblem(JSON.parse(texts[6]), texts[6], 256)?.kind).toBe('forbidden-key');
    expect(findDecodedJsonProblem(JSON.parse(texts[8]), texts[8], 256)).toMatchObject({
      kind: 'too-deep',
      maxDepth: 256,
    });
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
