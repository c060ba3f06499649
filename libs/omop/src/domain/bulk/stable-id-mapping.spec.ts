import { describe, expect, it } from 'vitest';
import type { MapperDependencies } from '../map-fhir-to-omop.js';
import type { ConceptSource } from '../vocabulary/concept-source.js';
import { idKey, mapWithStableIds, type IdRequests } from './stable-id-mapping.js';

const concepts = {} as ConceptSource;

/** A stand-in mapper: one person per Patient and one visit per Encounter, ids from deps. */
async function fakeMapper(input: unknown, deps: MapperDependencies) {
  const resources = input as { resourceType: string; id: string; subject?: string }[];
  const rows: { table: string; id: number; person?: number }[] = [];
  for (const resource of resources) {
    if (resource.resourceType === 'Patient')
      rows.push({ table: 'person', id: await deps.ids.idFor('person', `Patient/${resource.id}`) });
    else
      rows.push({
        table: 'visit_occurrence',
        id: await deps.ids.idFor('visit_occurrence', `Encounter/${resource.id}`),
        person: await deps.ids.idFor('person', resource.subject!),
      });
  }
  return rows;
}

describe('mapWithStableIds', () => {
  it('allocates every key in one request per batch, then maps with the allocated ids', async () => {
    const requests: IdRequests[] = [];
    const stored = new Map<string, number>([[idKey('person', 'Patient/a'), 501]]);
    let next = 900;
    const allocate = (wanted: IdRequests) => {
      requests.push(wanted);
      const answer = new Map<string, number>();
      for (const [table, keys] of wanted)
        for (const sourceKey of keys) {
          const key = idKey(table, sourceKey);
          if (!stored.has(key)) stored.set(key, next++);
          answer.set(key, stored.get(key)!);
        }
      return Promise.resolve(answer);
    };
    const input = [
      { resourceType: 'Patient', id: 'a' },
      { resourceType: 'Encounter', id: 'e1', subject: 'Patient/a' },
      { resourceType: 'Encounter', id: 'e2', subject: 'Patient/a' },
    ];
    const rows = await mapWithStableIds(fakeMapper, input, { concepts }, allocate);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toEqual(
      new Map([
        ['person', new Set(['Patient/a'])],
        ['visit_occurrence', new Set(['Encounter/e1', 'Encounter/e2'])],
      ]),
    );
    expect(rows).toEqual([
      { table: 'person', id: 501 },
      { table: 'visit_occurrence', id: 900, person: 501 },
      { table: 'visit_occurrence', id: 901, person: 501 },
    ]);
    // A second run over the same input gets the same ids.
    expect(await mapWithStableIds(fakeMapper, input, { concepts }, allocate)).toEqual(rows);
  });

  it('allocates a key the first pass did not ask for on its own', async () => {
    let pass = 0;
    const mapper = async (_input: unknown, deps: MapperDependencies) => {
      pass += 1;
      return deps.ids.idFor('person', pass === 1 ? 'Patient/a' : 'Patient/late');
    };
    const asked: string[] = [];
    const allocate = (wanted: IdRequests) => {
      const answer = new Map<string, number>();
      for (const [table, keys] of wanted)
        for (const sourceKey of keys) {
          asked.push(sourceKey);
          answer.set(idKey(table, sourceKey), sourceKey.length);
        }
      return Promise.resolve(answer);
    };
    expect(await mapWithStableIds(mapper, {}, { concepts }, allocate)).toBe('Patient/late'.length);
    expect(asked).toEqual(['Patient/a', 'Patient/late']);
  });
});
