import { expectedFailure, type ExpectedFailure } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  decide,
  evaluate,
  parseExpression,
  referencesOf,
  type EvaluationScope,
} from './expression.js';
import { tokenize } from './tokenizer.js';

const data = {
  input: {
    glucose: 250,
    text_glucose: '250',
    gender: 'Female',
    smoker: true,
    tags: ['a', 'b'],
    empty: '',
  },
  step_1: { result: { found: true, count: 2, id: 'p1', resource: { name: [{ family: 'Lee' }] } } },
  step_2: { result: { found: false, count: 0, id: null } },
};
const placeholders: Record<string, unknown> = {
  glucose: 250,
  patient_found: true,
  nothing: undefined,
};

const scope: EvaluationScope = {
  path: (segments) => {
    let current: unknown = data;
    for (const segment of segments) {
      if (current === null || typeof current !== 'object') return undefined;
      current = (current as Record<string | number, unknown>)[segment];
    }
    return current;
  },
  placeholder: (name) => placeholders[name],
};

const run = (expression: string) => decide(expression, scope);

function refusal(expression: string): ExpectedFailure {
  try {
    parseExpression(expression);
  } catch (error) {
    const failure = expectedFailure(error);
    if (failure) return failure;
    throw error;
  }
  throw new Error(`"${expression}" parsed`);
}

describe('decision expressions', () => {
  it('compares numbers, numeric text and strings', () => {
    expect(run('input.glucose > 200')).toBe(true);
    expect(run('input.glucose >= 250')).toBe(true);
    expect(run('input.glucose < 250')).toBe(false);
    expect(run('input.glucose <= 249.5')).toBe(false);
    expect(run('input.text_glucose > 200')).toBe(true);
    expect(run('input.glucose == 250')).toBe(true);
    expect(run('input.glucose != 250')).toBe(false);
    expect(run("input.gender == 'female'")).toBe(true);
    expect(run('input.gender = "FEMALE"')).toBe(true);
    expect(run("'2024-03-01' > '2024-02-28'")).toBe(true);
    expect(run('-5 < 0')).toBe(true);
  });

  it('reads placeholders, nested paths and indexes', () => {
    expect(run('{{glucose}} > 200')).toBe(true);
    expect(run('{{ patient_found }}')).toBe(true);
    expect(run("step_1.result.resource.name[0].family == 'Lee'")).toBe(true);
    expect(run('step_1.result.count == 2')).toBe(true);
  });

  it('combines with and, or, not (also && || !) and parentheses, with precedence', () => {
    expect(run('input.glucose > 200 and input.smoker')).toBe(true);
    expect(run('input.glucose > 300 or step_1.result.found')).toBe(true);
    expect(run('not step_2.result.found')).toBe(true);
    expect(run('!step_1.result.found || input.glucose > 300')).toBe(false);
    expect(run('input.glucose > 300 && input.smoker')).toBe(false);
    expect(run('not (input.glucose > 300 or step_2.result.found)')).toBe(true);
    // and binds tighter than or: false or (true and true)
    expect(run('step_2.result.found or step_1.result.found and input.smoker')).toBe(true);
  });

  it('answers unknown (null) when a value is missing, which sends a decision to its default path', () => {
    expect(run('input.missing > 10')).toBeNull();
    expect(run('not input.missing')).toBeNull();
    expect(run('{{nothing}} == 1')).toBeNull();
    expect(run('input.missing > 10 and step_1.result.found')).toBeNull();
    // A decisive side settles it even when the other side is unknown.
    expect(run('input.missing > 10 and step_2.result.found')).toBe(false);
    expect(run('input.missing > 10 or step_1.result.found')).toBe(true);
    expect(run('input.gender > 3')).toBeNull();
  });

  it('tests presence with exists, null with ==, and falls back with ??', () => {
    expect(run('exists step_1.result.id')).toBe(true);
    expect(run('exists step_2.result.id')).toBe(false);
    expect(run('exists input.empty')).toBe(false);
    expect(run('exists(input.tags)')).toBe(true);
    expect(run('not exists input.missing')).toBe(true);
    expect(run('step_2.result.id == null')).toBe(true);
    expect(evaluate(parseExpression('step_2.result.id ?? step_1.result.id'), scope)).toBe('p1');
    expect(evaluate(parseExpression('input.missing ?? step_2.result.id'), scope)).toBeUndefined();
  });

  it('finds text and list items with contains', () => {
    expect(run("input.gender contains 'fem'")).toBe(true);
    expect(run("input.tags contains 'b'")).toBe(true);
    expect(run("input.tags contains 'c'")).toBe(false);
  });

  it('lists what an expression reads', () => {
    const references = referencesOf(
      parseExpression('{{a}} > 1 and (exists step_3.result.id or input.b ?? {{c}})'),
    );
    expect(references.placeholders).toEqual(['a', 'c']);
    expect(references.paths).toEqual([
      ['step_3', 'result', 'id'],
      ['input', 'b'],
    ]);
  });

  it('refuses anything outside the grammar, naming where', () => {
    expect(refusal('input.a +').message).toMatch(/unexpected character "\+"/);
    expect(refusal('process.exit()').message).toMatch(/expected the end, found "\("/);
    expect(refusal('input.a >').message).toMatch(/ends too early/);
    expect(refusal("'unterminated").message).toMatch(/unterminated string/);
    expect(refusal('(input.a > 1').message).toMatch(/expected "\)"/);
    expect(refusal('input.a[x]').message).toMatch(/index is a whole number/);
    expect(refusal('{{bad name}}').message).toMatch(/placeholder/);
    expect(refusal('a; b').code).toBe('WORKFLOWS.INVALID_EXPRESSION');
    expect(refusal('`${1}`').message).toMatch(/unexpected character/);
    expect(refusal('x'.repeat(2_001)).message).toMatch(/longer than 2000/);
    expect(refusal(`${'('.repeat(100)}1${')'.repeat(100)}`).message).toMatch(/nested too deeply/);
  });

  it('never reaches prototype properties through paths', () => {
    const prototypeScope: EvaluationScope = {
      path: (segments) => (segments.join('.') === 'input.constructor' ? undefined : 'x'),
      placeholder: () => undefined,
    };
    expect(decide('exists input.constructor', prototypeScope)).toBe(false);
  });

  it('reads keywords case-insensitively and = as ==', () => {
    expect(tokenize('A AND NOT b').map((token) => token.text)).toEqual([
      'A',
      'and',
      'not',
      'b',
      '',
    ]);
    expect(tokenize('a = 1').map((token) => token.text)).toEqual(['a', '==', '1', '']);
  });
});
