import { describe, expect, it } from 'vitest';
import type { StagedResource } from './batch-input.js';
import {
  SharedResourceIndex,
  withReferencedSharedResources,
  type StagedJson,
} from './shared-resource-index.js';

const staged = (seq: number, resource: object, fullUrl: string | null = null): StagedJson => ({
  seq,
  fullUrl,
  json: JSON.stringify(resource),
});

const shared = new SharedResourceIndex([
  staged(10, {
    resourceType: 'Organization',
    id: 'o',
    identifier: [{ system: 'npi', value: '9' }],
  }),
  staged(11, {
    resourceType: 'Practitioner',
    id: 'x',
    identifier: [{ system: 'npi', value: '1' }],
  }),
  staged(12, {
    resourceType: 'PractitionerRole',
    id: 'r',
    practitioner: { reference: 'Practitioner/x' },
    organization: { reference: 'Organization?identifier=npi|9' },
  }),
  staged(13, {
    resourceType: 'Location',
    id: 'l',
    managingOrganization: { reference: 'Organization/o' },
  }),
  staged(14, { resourceType: 'Location', id: 'far', partOf: { reference: 'Location/l' } }),
]);

const patientData: StagedResource[] = [
  { seq: 1, fullUrl: 'urn:uuid:p', resource: { resourceType: 'Patient', id: 'a' } },
  {
    seq: 2,
    fullUrl: null,
    resource: {
      resourceType: 'Encounter',
      id: 'e',
      subject: { reference: 'urn:uuid:p' },
      participant: [{ individual: { reference: 'Practitioner?identifier=npi|1' } }],
      location: [{ location: { reference: 'Location/far' } }],
    },
  },
];

describe('SharedResourceIndex', () => {
  it('finds shared resources by any alias and by what they reference, in staging order', () => {
    expect(
      shared.answering(['Organization?identifier=npi|9', 'Practitioner/x']).map((r) => r.seq),
    ).toEqual([10, 11]);
    expect(shared.referencing(['Organization/o', 'Practitioner/x']).map((r) => r.seq)).toEqual([
      12, 13,
    ]);
    expect(shared.answering(['Organization/unknown'])).toEqual([]);
  });

  it('answers a key shared by several resources with each of them, once, by staging order', () => {
    const twins = new SharedResourceIndex([
      staged(30, { resourceType: 'Practitioner', id: 'b', identifier: [{ value: '7' }] }),
      staged(20, { resourceType: 'Practitioner', id: 'a', identifier: [{ value: '7' }] }),
      staged(40, {
        resourceType: 'PractitionerRole',
        id: 'r',
        practitioner: { reference: 'Practitioner?identifier=7' },
        organization: { reference: 'Practitioner?identifier=7' },
      }),
      staged(50, { resourceType: 'Practitioner', id: 'c', identifier: [{ value: '7' }] }),
      staged(60, { resourceType: 'Basic' }),
    ]);
    expect(
      twins.answering(['Practitioner?identifier=7', 'Practitioner/a']).map((r) => r.seq),
    ).toEqual([20, 30, 50]);
    expect(twins.referencing(['Practitioner?identifier=7']).map((r) => r.seq)).toEqual([40]);
  });

  it('builds its reference index again when asked after releasing it', () => {
    const index = new SharedResourceIndex([
      staged(12, {
        resourceType: 'PractitionerRole',
        id: 'r',
        practitioner: { reference: 'Practitioner/x' },
      }),
    ]);
    expect(index.referencing(['Practitioner/x']).map((r) => r.seq)).toEqual([12]);
    index.releaseReferences();
    expect(index.answering(['PractitionerRole/r']).map((r) => r.seq)).toEqual([12]);
    expect(index.referencing(['Practitioner/x']).map((r) => r.seq)).toEqual([12]);
  });

  it('hands out a new copy on every lookup', () => {
    const [first] = shared.answering(['Organization/o']);
    first.resource.id = 'changed';
    expect(shared.answering(['Organization/o'])[0].resource.id).toBe('o');
  });
});

describe('withReferencedSharedResources', () => {
  it('adds what the batch references, then what those reference, round by round', () => {
    const input = withReferencedSharedResources(patientData, shared, 4);
    expect(input.map((r) => r.seq)).toEqual([1, 2, 11, 14, 13, 10]);
  });

  it('stops after the given number of rounds', () => {
    expect(withReferencedSharedResources(patientData, shared, 1).map((r) => r.seq)).toEqual([
      1, 2, 11, 14,
    ]);
  });

  it('adds nothing the batch holds already', () => {
    const withPractitioner = [
      ...patientData,
      ...shared.answering(['Practitioner/x', 'Location/far', 'Location/l', 'Organization/o']),
    ];
    expect(withReferencedSharedResources(withPractitioner, shared, 4)).toHaveLength(
      withPractitioner.length,
    );
  });
});
