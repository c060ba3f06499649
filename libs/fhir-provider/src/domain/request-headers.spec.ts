import { DomainError } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { parseOnBehalfOf, parseProviderTokens } from './request-headers.js';

describe('request headers', () => {
  it('read X-Service-Fhir-Provider pairs; tokens may contain colons', () => {
    expect(parseProviderTokens(undefined).size).toBe(0);
    expect(parseProviderTokens('  ').size).toBe(0);
    const tokens = parseProviderTokens('p-1:abc.def, p-2:urn:token:x');
    expect([...tokens]).toEqual([
      ['p-1', 'abc.def'],
      ['p-2', 'urn:token:x'],
    ]);
  });

  it.each(['no-colon', ':token', 'p-1:', 'p-1:has space', 'p-1:a,,p-2:b'])(
    'refuse "%s" with a 400',
    (header) => {
      expect(() => parseProviderTokens(header)).toThrow(DomainError);
    },
  );

  it('read X-Service-On-Behalf-Of as Patient/<id> or Practitioner/<id>', () => {
    expect(parseOnBehalfOf('Patient/123')).toBe('Patient/123');
    expect(parseOnBehalfOf(' Practitioner/dr-1 ')).toBe('Practitioner/dr-1');
    expect(parseOnBehalfOf(undefined)).toBeUndefined();
    for (const bad of ['Organization/1', 'Patient/', 'Patient/a b', '123']) {
      expect(() => parseOnBehalfOf(bad)).toThrow(/X-Service-On-Behalf-Of/);
    }
  });
});
