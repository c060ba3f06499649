import { describe, expect, it } from 'vitest';
import type { MapperDependencies } from '../map-fhir-to-omop.js';
import type { ConceptSource } from '../vocabulary/concept-source.js';
import {
  isIdColumn,
  mapWithStableIds,
  type AllocatedIds,
  type IdRequests,
} from './stable-id-mapping.js';

const concepts = {} as ConceptSource;

/** A stand-in mapper: one person per Patient and one visit per Encounter, ids from deps. */
async function fakeMapper(input: unknown, deps: MapperDependencies) {
  const resources = input as { resourceType: string; id: string; subject?: string }[];
  const tables = {
    person: [] as { person_id: number }[],
    visit_occurrence: [] as Record<string, number>[],
  };
  for (const resource of resources) {
    if (resource.resourceType === 'Patient')
      tables.person.push({ person_id: await deps.ids.idFor('person', `Patient/${resource.id}`) });
    else
      tables.visit_occurrence.push({
        visit_occurrence_id: await deps.ids.idFor('visit_occurrence', `Encounter/${resource.id}`),
        person_id: await deps.ids.idFor('person', resource.subject!),
        visit_concept_id: -7,
        quantity: -1,
      });
  }
  return { tables };
}

describe('mapWithStableIds', () => {
  it('allocates every key in one request per batch, and puts the allocated ids in the id columns', async () => {
    const requests: IdRequests[] = [];
    const stored = new Map<string, number>([['person Patient/a', 501]]);
    let next = 900;
    const allocate = (wanted: IdRequests) => {
      requests.push(wanted);
      const answer: AllocatedIds = new Map();
      for (const [table, keys] of wanted) {
        const ids = new Map<string, number>();
        answer.set(table, ids);
        for (const sourceKey of keys) {
          const key = `${table} ${sourceKey}`;
          if (!stored.has(key)) stored.set(key, next++);
          ids.set(sourceKey, stored.get(key)!);
        }
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
    // Negative values of other columns (a concept, a quantity) are left as they are.
    const visit = { visit_concept_id: -7, quantity: -1 };
    expect(rows.tables).toEqual({
      person: [{ person_id: 501 }],
      visit_occurrence: [
        { visit_occurrence_id: 900, person_id: 501, ...visit },
        { visit_occurrence_id: 901, person_id: 501, ...visit },
      ],
    });
    // A second run over the same input gets the same ids.
    expect(await mapWithStableIds(fakeMapper, input, { concepts }, allocate)).toEqual(rows);
  });

  it('fails when a requested key comes back without an id', async () => {
    const input = [{ resourceType: 'Patient', id: 'a' }];
    const allocate = () => Promise.resolve<AllocatedIds>(new Map([['person', new Map()]]));
    await expect(mapWithStableIds(fakeMapper, input, { concepts }, allocate)).rejects.toThrow(
      /No id was allocated for person Patient\/a/,
    );
  });
});

describe('isIdColumn', () => {
  it.each([
    ['person_id', true],
    ['preceding_visit_occurrence_id', true],
    ['fact_id_1', true],
    ['fact_id_2', true],
    ['visit_concept_id', false],
    ['value_as_concept_id', false],
    ['quantity', false],
    ['fact_id_3', false],
  ])('%s → %s', (name, expected) => {
    expect(isIdColumn(name)).toBe(expected);
    // Asked again (answered from its memo), the same.
    expect(isIdColumn(name)).toBe(expected);
  });
});
