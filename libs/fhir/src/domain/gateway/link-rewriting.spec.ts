import { describe, expect, it } from 'vitest';
import { rewriteBundleLinks } from './link-rewriting.js';

const UPSTREAM = 'https://ehr.example.org/r4';
const GATEWAY = 'http://api.local/fhir-provider/p1/fhir';

describe('rewriteBundleLinks', () => {
  it('moves links under the upstream base under the gateway, keeping path and query', () => {
    const bundle = {
      resourceType: 'Bundle',
      link: [
        { relation: 'self', url: `${UPSTREAM}/Patient?name=a` },
        { relation: 'next', url: `${UPSTREAM}?_getpages=x&_offset=20` },
        { relation: 'other', url: 'https://elsewhere.org/r4/Patient' },
        { relation: 'prefix', url: `${UPSTREAM}5/Patient` },
      ],
    };
    expect(rewriteBundleLinks(bundle, `${UPSTREAM}/`, GATEWAY)).toEqual({
      resourceType: 'Bundle',
      link: [
        { relation: 'self', url: `${GATEWAY}/Patient?name=a` },
        { relation: 'next', url: `${GATEWAY}?_getpages=x&_offset=20` },
        { relation: 'other', url: 'https://elsewhere.org/r4/Patient' },
        { relation: 'prefix', url: `${UPSTREAM}5/Patient` },
      ],
    });
  });

  it('leaves other resources and bundles without links as they are', () => {
    const patient = { resourceType: 'Patient', link: [{ url: `${UPSTREAM}/x` }] };
    expect(rewriteBundleLinks(patient, UPSTREAM, GATEWAY)).toBe(patient);
    const bundle = { resourceType: 'Bundle', entry: [] };
    expect(rewriteBundleLinks(bundle, UPSTREAM, GATEWAY)).toBe(bundle);
  });
});
