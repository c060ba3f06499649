import { describe, expect, it } from 'vitest';
import { batchBundle, danglingReferences } from './batch-input.js';

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

  it('names the references no resource of the batch answers to', () => {
    expect(danglingReferences(staged).sort()).toEqual([
      'Organization/o',
      'Practitioner?identifier=npi|1',
    ]);
    const practitioner = {
      seq: 3,
      fullUrl: null,
      resource: {
        resourceType: 'Practitioner',
        id: 'x',
        identifier: [{ system: 'npi', value: '1' }],
      },
    };
    expect(danglingReferences([...staged, practitioner])).toEqual(['Organization/o']);
  });
});
