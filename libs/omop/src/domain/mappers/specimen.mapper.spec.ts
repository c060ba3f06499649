import { describe, expect, it } from 'vitest';
import { bundle, mapWithFixture } from '../test-support/fixture-concepts.js';

describe('Specimen → specimen + specimen_source_contexts', () => {
  it('maps type, collection time, quantity, body site and keeps identifiers aside', async () => {
    const result = await mapWithFixture(
      bundle({
        resourceType: 'Specimen',
        id: 's1',
        status: 'available',
        subject: { reference: 'Patient/p1' },
        accessionIdentifier: { system: 'http://lab.example/acc', value: 'ACC-9' },
        identifier: [{ value: 'S-1' }],
        type: { coding: [{ system: 'http://snomed.info/sct', code: '119297000' }] },
        receivedTime: '2020-01-03T08:00:00Z',
        collection: {
          collectedDateTime: '2020-01-02T10:10:00Z',
          quantity: { value: 5, unit: 'mL', system: 'http://unitsofmeasure.org', code: 'mL' },
          bodySite: { coding: [{ system: 'http://snomed.info/sct', code: '368208006' }] },
        },
      }),
    );
    const [row] = result.tables.specimen!;
    expect(row).toMatchObject({
      specimen_concept_id: 4001225,
      specimen_type_concept_id: 32817,
      specimen_date: '2020-01-02',
      quantity: 5,
      unit_concept_id: 0,
      unit_source_value: 'mL',
      anatomic_site_concept_id: 4283159,
      specimen_source_id: 'ACC-9',
      specimen_source_value: '119297000',
    });
    expect(result.specimen_source_contexts).toEqual([
      {
        specimen_id: row.specimen_id,
        resource_id: 's1',
        status: 'available',
        identifiers: [{ value: 'S-1' }],
        accession_identifier: { system: 'http://lab.example/acc', value: 'ACC-9' },
        source_id_path: 'accessionIdentifier.value',
        collection_timing: {
          collected_date_time: '2020-01-02T10:10:00Z',
          received_time: '2020-01-03T08:00:00Z',
          selected_path: 'collection.collectedDateTime',
        },
      },
    ]);
    // mL is valid UCUM but not in the fixture vocabulary.
    expect(
      result.mappings.find((mapping) => mapping.omop_field === 'unit_concept_id')?.resolution
        .reason_code,
    ).toBe('NO_OMOP_SOURCE_CONCEPT');
  });
});
