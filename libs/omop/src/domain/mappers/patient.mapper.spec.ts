import { describe, expect, it } from 'vitest';
import { PATIENT, mapWithFixture } from '../test-support/fixture-concepts.js';

const RACE = 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-race';
const CDC = 'urn:oid:2.16.840.1.113883.6.238';

describe('Patient → person', () => {
  it('maps gender, birth, race and ethnicity per the IG, with the logical id as source value', async () => {
    const result = await mapWithFixture({
      ...PATIENT,
      identifier: [{ system: 'http://hospital.example/mrn', value: 'MRN-77' }],
      address: [
        {
          line: ['1 Main St'],
          city: 'Boston',
          state: 'Massachusetts',
          postalCode: '02118-1234',
          country: 'US',
        },
      ],
    });
    const [person] = result.tables.person!;
    expect(person).toMatchObject({
      gender_concept_id: 8532,
      gender_source_value: 'female',
      year_of_birth: 1970,
      month_of_birth: 3,
      day_of_birth: 4,
      race_concept_id: 8527,
      race_source_value: '2106-3',
      ethnicity_concept_id: 38003564,
      person_source_value: 'p1',
    });
    expect(JSON.stringify(result.tables)).not.toContain('MRN-77');
    // IG f2o-022: the home address is de-identified.
    expect(result.tables.location).toEqual([
      expect.objectContaining({
        location_id: person.location_id,
        address_1: null,
        city: null,
        state: 'MA',
        zip: '021',
        country_concept_id: 4330442,
      }),
    ]);
    const fields = result.mappings.map((mapping) => [
      mapping.omop_field,
      mapping.mapping_status,
      mapping.target_code,
    ]);
    expect(fields).toEqual([
      ['gender_concept_id', 'MAPPED', 'F'],
      ['race_concept_id', 'MAPPED', '5'],
      ['ethnicity_concept_id', 'MAPPED', 'Not Hispanic'],
    ]);
    // IG f2o-038/093: a fixed crosswalk names where it comes from.
    expect(result.mappings[0].note).toBe('IG ConceptMap GenderClass');
  });

  it('uses a detailed race code OMOP knows, and 0 for two OMB categories', async () => {
    const withRace = (parts: Record<string, unknown>[]) => ({
      ...PATIENT,
      extension: [{ url: RACE, extension: parts }],
    });
    const detailed = await mapWithFixture(
      withRace([
        { url: 'ombCategory', valueCoding: { system: CDC, code: '2054-5' } },
        { url: 'detailed', valueCoding: { system: CDC, code: '2058-6' } },
      ]),
    );
    // 38003599 (African American) is not in the fixture vocabulary: written, but UNCHECKED.
    expect(detailed.tables.person![0].race_concept_id).toBe(38003599);
    expect(
      detailed.mappings.find((mapping) => mapping.omop_field === 'race_concept_id')?.mapping_status,
    ).toBe('UNCHECKED');
    const two = await mapWithFixture(
      withRace([
        { url: 'ombCategory', valueCoding: { system: CDC, code: '2054-5' } },
        { url: 'ombCategory', valueCoding: { system: CDC, code: '2106-3' } },
      ]),
    );
    expect(two.tables.person![0].race_concept_id).toBe(0);
    expect(two.mappings.find((mapping) => mapping.omop_field === 'race_concept_id')?.note).toMatch(
      /2 OMB categories/,
    );
  });

  it('falls back to US Core birth sex, and writes 0 for gender unknown', async () => {
    const birthSex = {
      url: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-birthsex',
      valueCode: 'M',
    };
    const fromBirthSex = await mapWithFixture({
      ...PATIENT,
      gender: undefined,
      extension: [birthSex],
    });
    expect(fromBirthSex.tables.person![0]).toMatchObject({
      gender_concept_id: 8507,
      gender_source_value: 'M',
    });
    const unknown = await mapWithFixture({ ...PATIENT, gender: 'unknown', extension: [] });
    expect(unknown.tables.person![0].gender_concept_id).toBe(0);
    expect(unknown.mappings[0]).toMatchObject({
      mapping_status: 'UNMAPPED',
      resolution: { reason_code: 'NO_STANDARD_MAP' },
    });
  });

  it('links the general practitioner and managing organization when they are in the request', async () => {
    const result = await mapWithFixture({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { resourceType: 'Practitioner', id: 'gp' } },
        { resource: { resourceType: 'Organization', id: 'clinic' } },
        {
          resource: {
            ...PATIENT,
            generalPractitioner: [
              { reference: 'Practitioner/gone' },
              { reference: 'Practitioner/gp' },
            ],
            managingOrganization: { reference: 'Organization/clinic' },
          },
        },
      ],
    });
    expect(result.tables.person![0]).toMatchObject({
      provider_id: result.tables.provider![0].provider_id,
      care_site_id: result.tables.care_site![0].care_site_id,
    });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        path: 'generalPractitioner[0]',
        outcome: 'UNRESOLVED',
        omop_table: 'person',
      }),
    ]);
  });

  it('writes death from deceasedDateTime and drops a patient without birth date', async () => {
    const died = await mapWithFixture({
      ...PATIENT,
      deceasedDateTime: '2001-02-03T04:05:06+01:00',
    });
    expect(died.tables.death).toEqual([
      expect.objectContaining({
        death_date: '2001-02-03',
        death_datetime: '2001-02-03T03:05:06Z',
        death_type_concept_id: 32817,
      }),
    ]);
    const unborn = await mapWithFixture({ ...PATIENT, birthDate: undefined });
    expect(unborn.tables.person).toBeUndefined();
    expect(unborn.dropped).toEqual([
      { resource_type: 'Patient', resource_id: 'p1', reason: expect.stringContaining('birthDate') },
    ]);
  });
});
