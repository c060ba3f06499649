import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedFailure } from '@app/shared';
import { decide, type EvaluationScope } from './expression.js';

// Issue #13: an expression decides true, false or null, or is refused with a 4xx error.
const TOKENS = [
  '{{',
  '}}',
  'glucose',
  'input',
  '.',
  'step_1',
  '[0]',
  '[',
  ']',
  '(',
  ')',
  '>',
  '>=',
  '==',
  '!=',
  '<',
  '&&',
  '||',
  '!',
  'and',
  'or',
  'not',
  'true',
  'false',
  'null',
  '200',
  '-1.5',
  '1e308',
  "'text'",
  '"',
  "'",
  ' ',
  'exists',
  'contains',
];
const expression = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 30 }).map((tokens) => tokens.join(' ')),
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 30 }).map((tokens) => tokens.join('')),
  fc.integer({ min: 1, max: 3_000 }).map((depth) => `${'('.repeat(depth)}1${')'.repeat(depth)}`),
  fc.integer({ min: 1, max: 3_000 }).map((depth) => `${'!'.repeat(depth)}true`),
);
const scope = fc.jsonValue({ maxDepth: 3 }).map((value): EvaluationScope => ({
  path: () => value,
  placeholder: () => value,
}));

describe('workflow expressions on arbitrary input (property)', () => {
  it('decide gives true, false or null, or a 4xx refusal', () => {
    fc.assert(
      fc.property(expression, scope, (text, values) => {
        try {
          expect([true, false, null]).toContain(decide(text, values));
        } catch (error) {
          const failure = expectedFailure(error);
          if (!failure || failure.status >= 500) throw error;
        }
      }),
      { seed: 13, numRuns: 600 },
    );
  });
});
