import { describe, expect, it } from 'vitest';
import { findCallCycle } from './call-graph.js';

describe('call cycles between workflows', () => {
  const edges = new Map<string, string[]>([
    ['a', ['b']],
    ['b', ['c']],
    ['c', []],
    ['d', ['a', 'c']],
  ]);

  it('finds the loop a new call would close, in call order', () => {
    expect(findCallCycle('c', ['d'], edges)).toEqual(['c', 'd', 'a', 'b', 'c']);
    expect(findCallCycle('a', ['a'], edges)).toEqual(['a', 'a']);
  });

  it("replaces the workflow's stored calls with the new ones", () => {
    // b stored calls c; b now calls nothing, so a → b no longer reaches a.
    expect(findCallCycle('b', [], new Map([...edges, ['c', ['a']]]))).toBeNull();
    expect(findCallCycle('b', ['c'], new Map([...edges, ['c', ['a']]]))).toEqual([
      'b',
      'c',
      'a',
      'b',
    ]);
  });

  it('accepts calls that only share targets (a diamond is not a loop)', () => {
    expect(findCallCycle('e', ['d', 'a'], edges)).toBeNull();
    expect(findCallCycle('d', ['a', 'c'], edges)).toBeNull();
  });
});
