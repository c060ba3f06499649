import { describe, expect, it } from 'vitest';
import { describeTarget, parseOmopTarget } from './omop-target.js';

describe('parseOmopTarget', () => {
  it('takes the schema from the URL or the option, defaulting to cdm, and drops it from the URL', () => {
    expect(parseOmopTarget('postgres://u@h:5432/db?schema=omop&sslmode=disable')).toEqual({
      url: 'postgres://u@h:5432/db?sslmode=disable',
      schema: 'omop',
    });
    expect(parseOmopTarget('postgresql://h/db', 'cdm54')).toEqual({
      url: 'postgresql://h/db',
      schema: 'cdm54',
    });
    expect(parseOmopTarget('postgres://h/db').schema).toBe('cdm');
    expect(parseOmopTarget('postgres://h/db?schema=same', 'same').schema).toBe('same');
  });

  it.each([
    ['not a url', undefined, /postgres:\/\/ URL/],
    ['mysql://h/db', undefined, /postgres:\/\/ URL/],
    ['postgres://h/db?schema=a', 'b', /different schemas/],
    ['postgres://h/db', 'Bad-Name', /lower-case SQL identifier/],
  ])('refuses %s (schema %s)', (url, schema, message) => {
    expect(() => parseOmopTarget(url, schema)).toThrow(message);
  });

  it('hides the password when describing the target', () => {
    expect(describeTarget(parseOmopTarget('postgres://me:secret@h/db?schema=x'))).toBe(
      'postgres://me:***@h/db (schema x)',
    );
  });
});
