import { describe, expect, it } from 'vitest';
import { DomainError } from '@app/shared';
import { gatewayFhirPath } from './gateway-path.js';

describe('gatewayFhirPath', () => {
  it('decodes the SDK encoding and trims slashes', () => {
    expect(gatewayFhirPath('/Patient%2F123')).toBe('Patient/123');
    expect(gatewayFhirPath('/Patient/123/_history/2/')).toBe('Patient/123/_history/2');
    expect(gatewayFhirPath('')).toBe('');
  });

  it('refuses bad encodings, dot segments and query characters', () => {
    for (const raw of ['/%E0%A4%A', '/..%2Fadmin', '/Patient%3Fname%3Dx']) {
      expect(() => gatewayFhirPath(raw)).toThrow(DomainError);
    }
  });
});
