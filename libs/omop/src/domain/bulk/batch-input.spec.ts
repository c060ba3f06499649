import { describe, expect, it } from 'vitest';
import { batchBundle } from './batch-input.js';

describe('batch input', () => {
  const staged = [
    { seq: 1, fullUrl: 'urn:uuid:p', resource: { resourceType: 'Patient', id: 'a' } },
    {
      seq: 2,
      fullUrl: null,
      resource: {
        resourceType: 'Encounter',
        id: 'e',
        subject: { reference: 'urn:uuid:p' },
        participant: [{ individual: { reference: 'Practitioner?identifier=npi|1' } }],
        serviceProvider: { reference: 'Organization/o' },
      },
    },
  ];

  it('wraps the resources in a collection Bundle, keeping fullUrls', () => {
    expect(batchBundle(staged)).toEqual({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { fullUrl: 'urn:uuid:p', resource: staged[0].resource },
        { resource: staged[1].resource },
      ],
    });
  });
});
