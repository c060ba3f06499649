import { describe, expect, it } from 'vitest';
import { applyJsonPatch } from './json-patch.js';

const agent = () => ({ name: 'Coder', tags: ['a', 'b'], meta: { 'x/y': 1, 'm~n': 2 } });

describe('applyJsonPatch', () => {
  it('adds, replaces and removes members and array items', () => {
    const result = applyJsonPatch(agent(), [
      { op: 'replace', path: '/name', value: 'Reviewer' },
      { op: 'add', path: '/tags/-', value: 'c' },
      { op: 'add', path: '/tags/0', value: 'first' },
      { op: 'remove', path: '/tags/1' },
      { op: 'add', path: '/description', value: 'new' },
    ]);
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Reviewer',
        tags: ['first', 'b', 'c'],
        meta: { 'x/y': 1, 'm~n': 2 },
        description: 'new',
      },
    });
  });

  it('decodes ~1 and ~0 in pointers, and moves and copies values', () => {
    const result = applyJsonPatch(agent(), [
      { op: 'move', from: '/meta/x~1y', path: '/moved' },
      { op: 'copy', from: '/meta/m~0n', path: '/copied' },
    ]);
    expect(result).toEqual({
      ok: true,
      value: { name: 'Coder', tags: ['a', 'b'], meta: { 'm~n': 2 }, moved: 1, copied: 2 },
    });
  });

  it('never changes the input document', () => {
    const input = agent();
    applyJsonPatch(input, [{ op: 'add', path: '/tags/-', value: 'c' }]);
    expect(input).toEqual(agent());
  });

  it('passes a matching test and fails on a different value, naming the operation', () => {
    expect(applyJsonPatch(agent(), [{ op: 'test', path: '/tags', value: ['a', 'b'] }]).ok).toBe(
      true,
    );
    const failed = applyJsonPatch(agent(), [
      { op: 'replace', path: '/name', value: 'X' },
      { op: 'test', path: '/name', value: 'Coder' },
    ]);
    expect(failed).toMatchObject({ ok: false, index: 1 });
    expect(failed.ok || failed.problem).toContain('test failed');
  });

  it.each([
    ['not an array', { op: 'add' }, -1],
    ['an unknown op', [{ op: 'merge', path: '/name' }], 0],
    ['a missing value', [{ op: 'add', path: '/x' }], 0],
    ['a pointer without /', [{ op: 'remove', path: 'name' }], 0],
    ['replacing a missing member', [{ op: 'replace', path: '/nope', value: 1 }], 0],
    ['an index past the end', [{ op: 'add', path: '/tags/5', value: 'x' }], 0],
    ['a path through a missing member', [{ op: 'add', path: '/a/b', value: 1 }], 0],
    ['moving into itself', [{ op: 'move', from: '/meta', path: '/meta/inner' }], 0],
  ])('refuses %s', (_title, patch, index) => {
    expect(applyJsonPatch(agent(), patch)).toMatchObject({ ok: false, index });
  });
});
