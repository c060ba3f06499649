import { describe, expect, it } from 'vitest';
import { ENCOUNTER, PATIENT, bundle, mapWithFixture } from '../test-support/fixture-concepts.js';

const NPI = 'http://hl7.org/fhir/sid/us-npi';

describe('Encounter → visit_occurrence', () => {
  it('maps class, period, provider and care site, and only for the encounter’s own person', async () => {
    const result = await mapWithFixture({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { resourceType: 'Organization', id: 'org', name: 'General Hospital' } },
        {
          resource: {
            resourceType: 'Practitioner',
            id: 'dr',
            identifier: [{ system: NPI, value: '123' }],
          },
        },
        { resource: PATIENT },
        {
          resource: {
            ...ENCOUNTER,
            participant: [{ individual: { reference: `Practitioner?identifier=${NPI}|123` } }],
            serviceProvider: { reference: 'Organization/org' },
          },
        },
      ],
    });
    const [visit] = result.tables.visit_occurrence!;
    expect(visit).toMatchObject({
      person_id: result.tables.person![0].person_id,
      visit_concept_id: 9202,
      visit_source_value: 'AMB',
      visit_start_date: '2020-01-02',
      visit_end_datetime: '2020-01-02T11:00:00Z',
      visit_type_concept_id: 32827,
      provider_id: result.tables.provider![0].provider_id,
      care_site_id: result.tables.care_site![0].care_site_id,
    });
    expect(result.diagnostics).toEqual([]);
  });

  it('writes 0 for an unknown class, ends an open encounter the day it starts, and drops planned ones', async () => {
    const odd = await mapWithFixture(bundle());
    expect(odd.tables.visit_occurrence).toHaveLength(1);
    const open = await mapWithFixture({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: PATIENT },
        {
          resource: {
            ...ENCOUNTER,
            class: { code: 'XYZ' },
            period: { start: '2020-01-02T10:00:00Z' },
          },
        },
        { resource: { ...ENCOUNTER, id: 'e2', status: 'planned' } },
      ],
    });
    expect(open.tables.visit_occurrence![0]).toMatchObject({
      visit_concept_id: 0,
      visit_end_date: '2020-01-02',
    });
    expect(
      open.mappings.find((mapping) => mapping.omop_field === 'visit_concept_id')?.resolution
        .reason_code,
    ).toBe('UNSUPPORTED_CODE');
    expect(open.dropped).toEqual([
      {
        resource_type: 'Encounter',
        resource_id: 'e2',
        reason: 'status planned: the event did not happen',
      },
    ]);
  });

  it('treats an end before the start as no end', async () => {
    const result = await mapWithFixture({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: PATIENT },
        {
          resource: {
            ...ENCOUNTER,
            period: { start: '2020-01-02T10:00:00Z', end: '2019-01-01T00:00:00Z' },
          },
        },
      ],
    });
    expect(result.tables.visit_occurrence![0]).toMatchObject({
      visit_end_date: '2020-01-02',
      visit_end_datetime: null,
    });
  });

  it('records an unresolved provider as a diagnostic with a null foreign key', async () => {
    const result = await mapWithFixture({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: PATIENT },
        {
          resource: {
            ...ENCOUNTER,
            participant: [{ individual: { reference: 'Practitioner/missing' } }],
          },
        },
      ],
    });
    expect(result.tables.visit_occurrence![0].provider_id).toBeNull();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        resource_type: 'Encounter',
        omop_table: 'visit_occurrence',
        omop_id: result.tables.visit_occurrence![0].visit_occurrence_id,
        path: 'participant[0].individual',
        reference: 'Practitioner/missing',
        outcome: 'UNRESOLVED',
      }),
    ]);
  });
});
