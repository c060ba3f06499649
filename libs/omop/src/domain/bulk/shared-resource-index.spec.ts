import { beforeAll, describe, expect, it } from 'vitest';
import type { StagedResource } from './batch-input.js';
import {
  SharedResourceIndex,
  withReferencedSharedResources,
  type SharedResourceReader,
} from './shared-resource-index.js';

interface StagedJson {
  seq: number;
  fullUrl: string | null;
  json: string;
}

const staged = (seq: number, resource: object, fullUrl: string | null = null): StagedJson => ({
  seq,
  fullUrl,
  json: JSON.stringify(resource),
});

/** Staging as the index sees it: JSON parsed again on every read, and the reads counted. */
class JsonReader implements SharedResourceReader {
  passes = 0;
  reads: number[][] = [];

  constructor(private readonly resources: StagedJson[]) {}

  each(use: (staged: StagedResource) => void): Promise<void> {
    this.passes += 1;
    for (const { seq, fullUrl, json } of [...this.resources].sort((a, b) => a.seq - b.seq))
      use({ seq, fullUrl, resource: JSON.parse(json) as StagedResource['resource'] });
    return Promise.resolve();
  }

  at(seqs: readonly number[]): Promise<StagedResource[]> {
    this.reads.push([...seqs]);
    const wanted = new Set(seqs);
    return Promise.resolve(
      this.resources
        .filter(({ seq }) => wanted.has(seq))
        .sort((a, b) => a.seq - b.seq)
        .map(({ seq, fullUrl, json }) => ({
          seq,
          fullUrl,
          resource: JSON.parse(json) as StagedResource['resource'],
        })),
    );
  }
}

const seqsOf = async (found: Promise<StagedResource[]>) => (await found).map((r) => r.seq);

const sharedJson = [
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
];
let shared: SharedResourceIndex;
beforeAll(async () => {
  shared = await SharedResourceIndex.build(new JsonReader(sharedJson));
});

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
  it('finds shared resources by any alias and by what they reference, in staging order', async () => {
    expect(
      await seqsOf(shared.answering(['Organization?identifier=npi|9', 'Practitioner/x'])),
    ).toEqual([10, 11]);
    expect(await seqsOf(shared.referencing(['Organization/o', 'Practitioner/x']))).toEqual([
      12, 13,
    ]);
    expect(await shared.answering(['Organization/unknown'])).toEqual([]);
  });

  it('answers a key shared by several resources with each of them, once, by staging order', async () => {
    const twins = await SharedResourceIndex.build(
      new JsonReader([
        staged(30, { resourceType: 'Practitioner', id: 'b', identifier: [{ value: '7' }] }),
        staged(20, { resourceType: 'Practitioner', id: 'a', identifier: [{ value: '7' }] }),
        staged(40, {
          resourceType: 'PractitionerRole',
          id: 'r',
          practitioner: { reference: 'Practitioner?identifier=7' },
          organization: { reference: 'Practitioner?identifier=7' },
        }),
        staged(50, { resourceType: 'Practitioner', id: 'c', identifier: [{ value: '7' }] }),
      ]),
    );
    expect(await seqsOf(twins.answering(['Practitioner?identifier=7', 'Practitioner/a']))).toEqual([
      20, 30, 50,
    ]);
    expect(await seqsOf(twins.referencing(['Practitioner?identifier=7']))).toEqual([40]);
  });

  it('reads staging once to build, then only the resources a lookup found, and nothing for no match', async () => {
    const reader = new JsonReader(sharedJson);
    const index = await SharedResourceIndex.build(reader);
    expect(reader.passes).toBe(1);
    expect(reader.reads).toEqual([]);
    await index.answering(['Practitioner/x', 'Organization/o', 'Practitioner/unknown']);
    await index.answering(['Organization/unknown']);
    expect(reader.reads).toEqual([[10, 11]]);
    expect(reader.passes).toBe(1);
  });

  it('builds its reference index on the first such lookup, and again when asked after releasing it', async () => {
    const reader = new JsonReader([
      staged(12, {
        resourceType: 'PractitionerRole',
        id: 'r',
        practitioner: { reference: 'Practitioner/x' },
      }),
    ]);
    const index = await SharedResourceIndex.build(reader);
    expect(await seqsOf(index.referencing(['Practitioner/x']))).toEqual([12]);
    expect(await seqsOf(index.referencing(['Practitioner/x']))).toEqual([12]);
    expect(reader.passes).toBe(2);
    index.releaseReferences();
    expect(await seqsOf(index.answering(['PractitionerRole/r']))).toEqual([12]);
    expect(await seqsOf(index.referencing(['Practitioner/x']))).toEqual([12]);
    expect(reader.passes).toBe(3);
  });

  it('never answers with a resource whose key only shares the hash of the key asked', async () => {
    // Same 32-bit hash (see hashed-key-index.spec.ts): each lookup reads both, keeps one.
    const reader = new JsonReader([
      staged(1, { resourceType: 'Practitioner', id: 'p1462789' }),
      staged(2, { resourceType: 'Practitioner', id: 'p1679192' }),
      staged(3, {
        resourceType: 'PractitionerRole',
        id: 'a',
        practitioner: { reference: 'Practitioner?identifier=npi|368' },
      }),
      staged(4, {
        resourceType: 'PractitionerRole',
        id: 'b',
        practitioner: { reference: 'Practitioner?identifier=npi|1133496' },
      }),
    ]);
    const index = await SharedResourceIndex.build(reader);
    expect(await seqsOf(index.answering(['Practitioner/p1462789']))).toEqual([1]);
    expect(await seqsOf(index.answering(['Practitioner/p1679192']))).toEqual([2]);
    expect(await seqsOf(index.referencing(['Practitioner?identifier=npi|1133496']))).toEqual([4]);
    expect(reader.reads).toEqual([
      [1, 2],
      [1, 2],
      [3, 4],
    ]);
  });

  it('hands out a new copy on every lookup', async () => {
    const [first] = await shared.answering(['Organization/o']);
    first.resource.id = 'changed';
    expect((await shared.answering(['Organization/o']))[0].resource.id).toBe('o');
  });
});

describe('withReferencedSharedResources', () => {
  it('adds what the batch references, then what those reference, round by round', async () => {
    const input = await withReferencedSharedResources(patientData, shared, 4);
    expect(input.map((r) => r.seq)).toEqual([1, 2, 11, 14, 13, 10]);
  });

  it('stops after the given number of rounds', async () => {
    expect(await seqsOf(withReferencedSharedResources(patientData, shared, 1))).toEqual([
      1, 2, 11, 14,
    ]);
  });

  it('takes a reference by identifier as answered by the batch’s own resource of that type, typed or not', async () => {
    const ownOrganization: StagedResource = {
      seq: 3,
      fullUrl: null,
      resource: {
        resourceType: 'Organization',
        id: 'mine',
        identifier: [{ system: 'npi', value: '9' }],
      },
    };
    const encounter = (seq: number, reference: string): StagedResource => ({
      seq,
      fullUrl: null,
      resource: { resourceType: 'Encounter', id: `e${seq}`, serviceProvider: { reference } },
    });
    // The shared Organization/o has the same identifier: the batch's own answers first.
    for (const reference of ['Organization?identifier=npi|9', '?identifier=9'])
      expect(
        await seqsOf(
          withReferencedSharedResources([encounter(4, reference), ownOrganization], shared, 4),
        ),
      ).toEqual([4, 3]);
    // An identifier of another type answers nothing: the shared resource comes along.
    const ownPractitioner: StagedResource = {
      seq: 5,
      fullUrl: null,
      resource: {
        resourceType: 'Practitioner',
        id: 'p',
        identifier: [{ system: 'npi', value: '9' }],
      },
    };
    expect(
      await seqsOf(
        withReferencedSharedResources(
          [encounter(4, 'Organization?identifier=npi|9'), ownPractitioner],
          shared,
          1,
        ),
      ),
    ).toEqual([4, 5, 10]);
  });

  it('adds nothing the batch holds already', async () => {
    const withPractitioner = [
      ...patientData,
      ...(await shared.answering([
        'Practitioner/x',
        'Location/far',
        'Location/l',
        'Organization/o',
      ])),
    ];
    expect(await withReferencedSharedResources(withPractitioner, shared, 4)).toHaveLength(
      withPractitioner.length,
    );
  });
});
