import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl } from './base-url.js';

describe('normalizeBaseUrl', () => {
  it('keeps absolute http(s) URLs without the trailing slash', () => {
    expect(normalizeBaseUrl(' https://fhir.example.org/r4/ ')).toBe('https://fhir.example.org/r4');
    expect(normalizeBaseUrl('http://10.0.0.5:8080/fhir')).toBe('http://10.0.0.5:8080/fhir');
  });

  it.each([
    'fhir.example.org',
    'ftp://x.org/fhir',
    'https://u:p@x.org',
    'https://x.org/fhir?x=1',
    'https://x.org/#a',
  ])('refuses %s', (url) => {
    expect(() => normalizeBaseUrl(url)).toThrow(/base_url/);
  });
});
