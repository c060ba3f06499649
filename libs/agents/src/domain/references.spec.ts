import { describe, expect, it } from 'vitest';
import { describeRefs, missingIds, missingReferencesMessage } from './references.js';

describe('references an agent names', () => {
  it('finds the missing ids in request order, without repeats, ignoring case', () => {
    expect(missingIds(['B', 'x', 'a', 'x'], ['a', 'b'])).toEqual(['x']);
  });

  it('names every kind with missing ids in one message, and none when all are found', () => {
    expect(missingReferencesMessage({ prompts: ['p1', 'p2'], tools: [], provider: ['x'] })).toBe(
      'These ids do not exist in this account: prompts: p1, p2; provider: x',
    );
    expect(missingReferencesMessage({ prompts: [], workflows: [] })).toBeNull();
  });

  it('describes agents by name and id', () => {
    expect(
      describeRefs([
        { id: '1', name: 'One' },
        { id: '2', name: 'Two' },
      ]),
    ).toBe('One (1), Two (2)');
  });
});
