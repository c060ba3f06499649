import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashedId } from './ids/hashed-id-allocator.js';
import type { OmopTableName } from './ids/omop-id-allocator.js';
import type { OmopTables } from './model/omop-rows.js';
import { mapWithFixture, type Json } from './test-support/fixture-concepts.js';

/**
 * The golden cases of libs/omop/golden: one file per mapping edge (FHIR resource type →
 * OMOP table). Each case maps its resources, with a context (a patient, an encounter and
 * a practitioner) unless the file says otherwise, and must produce exactly the expected
 * rows of the edge's table (every column listed must match; no more and no fewer rows)
 * and drop exactly the listed resources. `@table:Type/id` in an expected row stands for
 * the id that resource's row gets.
 */
interface GoldenCase {
  name: string;
  resources: Json[];
  rows: Json[];
  dropped?: string[];
}

interface GoldenFile {
  edge: string;
  table: keyof OmopTables;
  context?: 'full' | 'patient' | 'none';
  cases: GoldenCase[];
}

const DIRECTORY = new URL('../../golden/', import.meta.url);

const PATIENT: Json = {
  resourceType: 'Patient',
  id: 'p1',
  gender: 'female',
  birthDate: '1970-03-04',
};
const ENCOUNTER: Json = {
  resourceType: 'Encounter',
  id: 'e1',
  status: 'finished',
  class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
  subject: { reference: 'Patient/p1' },
  period: { start: '2020-01-02T10:00:00Z', end: '2020-01-02T11:00:00Z' },
};
const PRACTITIONER: Json = {
  resourceType: 'Practitioner',
  id: 'dr1',
  name: [{ family: 'Osler', given: ['William'] }],
};

function context(kind: GoldenFile['context']): Json[] {
  if (kind === 'none') return [];
  if (kind === 'patient') return [PATIENT];
  return [PATIENT, ENCOUNTER, PRACTITIONER];
}

/** Replaces `@table:key` placeholders with the id the hashed allocator gives that row. */
function resolveIds(value: unknown): unknown {
  if (typeof value === 'string') {
    const match = /^@([a-z_]+):(.+)$/.exec(value);
    return match ? hashedId(match[1] as OmopTableName, match[2]) : value;
  }
  if (Array.isArray(value)) return value.map(resolveIds);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveIds(item)]));
  return value;
}

const files = readdirSync(DIRECTORY)
  .filter((name) => name.endsWith('.json'))
  .sort();

describe('golden cases (libs/omop/golden)', () => {
  it('has a file for every edge', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const name of files) {
    const file = JSON.parse(readFileSync(new URL(name, DIRECTORY), 'utf8')) as GoldenFile;
    describe(`${file.edge} (${name})`, () => {
      it('has positive and negative cases', () => {
        expect(file.cases.some((item) => item.rows.length > 0)).toBe(true);
        expect(file.cases.some((item) => item.rows.length === 0)).toBe(true);
      });
      for (const item of file.cases) {
        it(item.name, async () => {
          const result = await mapWithFixture({
            resourceType: 'Bundle',
            type: 'collection',
            entry: [...context(file.context), ...item.resources].map((resource) => ({ resource })),
          });
          const rows = (result.tables[file.table] ?? []) as unknown[];
          expect(rows).toMatchObject(resolveIds(item.rows) as Json[]);
          const dropped = result.dropped.map((drop) => `${drop.resource_type}/${drop.resource_id}`);
          expect(dropped.sort()).toEqual([...(item.dropped ?? [])].sort());
        });
      }
    });
  }
});
