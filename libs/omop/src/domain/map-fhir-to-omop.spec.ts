import { describe, expect, it } from 'vitest';
import { HashedOmopIdAllocator } from './ids/hashed-id-allocator.js';
import { FhirInputError } from './input/fhir-input-error.js';
import { mapFhirToOmop } from './map-fhir-to-omop.js';
import { danglingForeignKeys } from './mapping/dangling-foreign-keys.js';
import {
  ENCOUNTER,
  PATIENT,
  bundle,
  fixtureConcepts,
  mapWithFixture,
} from './test-support/fixture-concepts.js';

const SNOMED = 'http://snomed.info/sct';

const condition = (id: string, code: string, onset: string) => ({
  resourceType: 'Condition',
  id,
  subject: { reference: 'Patient/p1' },
  encounter: { reference: 'Encounter/e1' },
  code: { coding: [{ system: SNOMED, code }] },
  onsetDateTime: onset,
});

describe('mapFhirToOmop', () => {
  it('gives the same ids and rows for the same input, and only foreign keys that resolve', async () => {
    const input = bundle(
      condition('c1', '59621000', '2019-12-01'),
      condition('c2', '160903007', '2020-03-01'),
      {
        resourceType: 'Observation',
        id: 'o1',
        status: 'final',
        subject: { reference: 'Patient/p1' },
        encounter: { reference: 'Encounter/e1' },
        code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
        valueQuantity: { value: 70, code: 'kg' },
        effectiveDateTime: '2020-01-02T10:00:00Z',
      },
    );
    const first = await mapWithFixture(input);
    const second = await mapWithFixture(structuredClone(input));
    expect(second).toEqual(first);
    expect(danglingForeignKeys(first.tables)).toEqual([]);
    expect(Object.keys(first.tables).sort()).toEqual([
      'condition_occurrence',
      'measurement',
      'observation',
      'observation_period',
      'person',
      'visit_occurrence',
    ]);
  });

  it('writes the same rows, drops and diagnostics without the per-code report', async () => {
    const input = bundle(
      condition('c1', '59621000', '2019-12-01'),
      { ...condition('c2', '160903007', '2020-03-01'), encounter: { reference: 'Encounter/nope' } },
      { resourceType: 'Basic', id: 'b1' },
    );
    const full = await mapWithFixture(input);
    const rowsOnly = await mapFhirToOmop(structuredClone(input), {
      concepts: fixtureConcepts(),
      ids: new HashedOmopIdAllocator(),
      reportMappings: false,
    });
    expect(full.mappings.length).toBeGreaterThan(0);
    expect(rowsOnly.mappings).toEqual([]);
    expect(rowsOnly.tables).toEqual(full.tables);
    expect(rowsOnly.dropped).toEqual(full.dropped);
    expect(rowsOnly.diagnostics).toEqual(full.diagnostics);
    expect(full.dropped.length + full.diagnostics.length).toBeGreaterThan(0);
  });

  it('derives each person’s observation period from the span of their data', async () => {
    const result = await mapWithFixture(
      bundle(
        condition('c1', '59621000', '2019-12-01'),
        condition('c2', '59621000', '2021-07-04T23:30:00-05:00'),
      ),
    );
    expect(result.tables.observation_period).toEqual([
      expect.objectContaining({
        person_id: result.tables.person![0].person_id,
        observation_period_start_date: '2019-12-01',
        observation_period_end_date: '2021-07-05',
        period_type_concept_id: 32817,
      }),
    ]);
  });

  it('reads a transaction Bundle linked by urn:uuid fullUrls', async () => {
    const result = await mapWithFixture({
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          fullUrl: 'urn:uuid:pat',
          resource: { ...PATIENT, id: undefined },
          request: { method: 'POST', url: 'Patient' },
        },
        {
          fullUrl: 'urn:uuid:enc',
          resource: { ...ENCOUNTER, id: undefined, subject: { reference: 'urn:uuid:pat' } },
        },
        {
          fullUrl: 'urn:uuid:c',
          resource: {
            ...condition('x', '59621000', '2020-01-02'),
            id: undefined,
            subject: { reference: 'urn:uuid:pat' },
            encounter: { reference: 'urn:uuid:enc' },
          },
        },
      ],
    });
    expect(result.tables.condition_occurrence![0]).toMatchObject({
      person_id: result.tables.person![0].person_id,
      visit_occurrence_id: result.tables.visit_occurrence![0].visit_occurrence_id,
    });
    expect(
      result.mappings.find((mapping) => mapping.omop_table === 'condition_occurrence')?.resource_id,
    ).toBe('urn:uuid:c');
  });

  it('drops unsupported types and duplicates with a reason; a changed duplicate is CONFLICTING', async () => {
    const result = await mapWithFixture(
      bundle(
        { resourceType: 'Claim', id: 'cl1' },
        { resourceType: 'Medication', id: 'med' },
        { ...PATIENT },
        { ...PATIENT, gender: 'male' },
      ),
    );
    expect(result.dropped).toEqual([
      {
        resource_type: 'Patient',
        resource_id: 'p1',
        reason: expect.stringMatching(/^duplicate of Patient\/p1/),
      },
      {
        resource_type: 'Patient',
        resource_id: 'p1',
        reason: expect.stringMatching(/^duplicate of Patient\/p1/),
      },
      {
        resource_type: 'Claim',
        resource_id: 'cl1',
        reason: 'Claim has no OMOP mapping in this service',
      },
    ]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ resource_type: 'Patient', outcome: 'CONFLICTING' }),
    ]);
    expect(result.tables.person).toHaveLength(1);
  });

  it('does not loop on references that loop', async () => {
    const result = await mapWithFixture({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        {
          resource: {
            resourceType: 'Organization',
            id: 'a',
            partOf: { reference: 'Organization/b' },
          },
        },
        {
          resource: {
            resourceType: 'Organization',
            id: 'b',
            partOf: { reference: 'Organization/a' },
          },
        },
        { resource: PATIENT },
        {
          resource: {
            ...ENCOUNTER,
            partOf: { reference: 'Encounter/e1' },
            serviceProvider: { reference: 'Organization/a' },
            location: [{ location: { reference: 'Location/l' } }],
          },
        },
        {
          resource: {
            resourceType: 'Location',
            id: 'l',
            partOf: { reference: 'Location/l' },
            managingOrganization: { reference: 'Organization/b' },
          },
        },
      ],
    });
    expect(result.tables.visit_occurrence).toHaveLength(1);
    expect(danglingForeignKeys(result.tables)).toEqual([]);
  });

  it('maps a 50,000-entry Bundle', async () => {
    const entry = Array.from({ length: 50_000 }, (_, index) => ({
      resource: { resourceType: 'Basic', id: `b${index}` },
    }));
    const result = await mapWithFixture({ resourceType: 'Bundle', type: 'collection', entry });
    expect(result.dropped).toHaveLength(50_000);
    expect(result.tables).toEqual({});
  });

  it('lets other callbacks run while it maps a large Bundle', async () => {
    const conditions = Array.from({ length: 2_000 }, (_, index) =>
      condition(`c${index}`, '59621000', '2019-12-01'),
    );
    const order: string[] = [];
    setImmediate(() => order.push('other callback'));
    const done = mapWithFixture(bundle(...conditions)).then((result) => {
      order.push('mapping done');
      return result;
    });
    order.push('mapping started');
    const result = await done;
    expect(order).toEqual(['mapping started', 'other callback', 'mapping done']);
    expect(result.tables.condition_occurrence).toHaveLength(2_000);
  });

  it('summarises the selected codes and echoes or reports the vocabulary version', async () => {
    const input = bundle(
      condition('c1', '59621000', '2020-01-02'),
      condition('c2', '167297006', '2020-01-02'),
    );
    const echoed = await mapFhirToOmop(input, {
      concepts: fixtureConcepts(),
      ids: new HashedOmopIdAllocator(),
      vocabVersion: 'v5.0 31-AUG-23',
    });
    expect(echoed.vocab_version).toBe('v5.0 31-AUG-23');
    // Selected codes: gender, race, ethnicity, visit class (MAPPED), 59621000 (ALREADY_STANDARD), 167297006 (UNMAPPED).
    expect(echoed.summary).toEqual({
      codes_already_standard: 1,
      codes_normalized: 4,
      codes_unmapped: 1,
      off_vocab_rate: 0.1667,
    });
    expect((await mapWithFixture(input)).vocab_version).toBe('v5.0 fixture');
  });

  it('throws FhirInputError only when the request is not a resource or Bundle', async () => {
    await expect(mapWithFixture({ resourceType: 'Bundle', entry: 'nope' })).rejects.toBeInstanceOf(
      FhirInputError,
    );
    const odd = await mapWithFixture({
      resourceType: 'Condition',
      id: 'c',
      code: 12,
      subject: 'Patient/p1',
      onsetDateTime: 5,
    });
    expect(odd.dropped).toEqual([expect.objectContaining({ resource_id: 'c' })]);
  });
});
