import { ValidationError } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { flattenValidationErrors, validationFailed } from './validation.js';

function error(
  property: string,
  constraints?: Record<string, string>,
  children: ValidationError[] = [],
): ValidationError {
  return Object.assign(new ValidationError(), { property, constraints, children });
}

describe('validation errors', () => {
  it('names nested and indexed fields with a path', () => {
    const errors = [
      error('name', { isString: 'name must be a string' }),
      error('auth', undefined, [error('scopes', { isString: 'scopes must be a string' })]),
      error('codes', undefined, [
        error('0', undefined, [error('code', { isNotEmpty: 'code should not be empty' })]),
      ]),
    ];
    expect(flattenValidationErrors(errors)).toEqual([
      { field: 'name', problems: ['name must be a string'] },
      { field: 'auth.scopes', problems: ['scopes must be a string'] },
      { field: 'codes[0].code', problems: ['code should not be empty'] },
    ]);
  });

  it('becomes a 400 whose message lists the fields', () => {
    const failure = validationFailed([
      { field: 'name', problems: ['required'] },
      { field: 'plan', problems: ['bad'] },
    ]);
    expect(failure.status).toBe(400);
    expect(failure.code).toBe('REQUEST.VALIDATION_FAILED');
    expect(failure.message).toBe('Invalid request: name, plan');
  });
});
