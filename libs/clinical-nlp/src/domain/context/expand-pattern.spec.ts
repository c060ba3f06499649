import { describe, expect, it } from 'vitest';
import { expandPattern } from './expand-pattern.js';

describe('expandPattern', () => {
  it('expands alternations, with an empty branch as optional', () => {
    expect(expandPattern('rule {him|her|} out')).toEqual([
      'rule him out',
      'rule her out',
      'rule out',
    ]);
    expect(expandPattern('{no|without} {evidence|sign} of')).toEqual([
      'no evidence of',
      'no sign of',
      'without evidence of',
      'without sign of',
    ]);
    expect(expandPattern('denies')).toEqual(['denies']);
  });

  it('rejects an unclosed alternation', () => {
    expect(() => expandPattern('no {sign')).toThrow(/Unclosed/);
  });
});
