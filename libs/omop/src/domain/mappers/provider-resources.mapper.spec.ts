import { describe, expect, it } from 'vitest';
import { mapWithFixture } from '../test-support/fixture-concepts.js';

const NPI = 'http://hl7.org/fhir/sid/us-npi';
const SYNTHEA = 'https://github.com/synthetichealth/synthea';

describe('Location, Organization, Practitioner, PractitionerRole', () => {
  it('maps facilities with full addresses, providers with NPI, and roles into provider_role_contexts', async () => {
    const result = await mapWithFixture({
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        {
          resource: {
            resourceType: 'Location',
            id: 'loc',
            name: 'Main Campus',
            address: {
              line: ['60 Hospital Road'],
              city: 'Leominster',
              state: 'MA',
              postalCode: '01453',
              country: 'US',
            },
            position: { latitude: 42.52, longitude: -71.77 },
          },
        },
        {
          resource: {
            resourceType: 'Organization',
            id: 'org',
            identifier: [{ system: SYNTHEA, value: 'org-1' }],
            name: 'Healthalliance Hospitals',
            type: [{ coding: [{ code: 'prov' }] }],
            address: [
              {
                line: ['60 Hospital Road'],
                city: 'Leominster',
                state: 'MA',
                postalCode: '014531234',
              },
            ],
          },
        },
        {
          resource: {
            resourceType: 'Practitioner',
            id: 'dr',
            identifier: [{ system: NPI, value: '9999999999' }],
            name: [{ family: 'Bruen', given: ['Rosette'], prefix: ['Dr.'] }],
            gender: 'female',
          },
        },
        {
          resource: {
            resourceType: 'PractitionerRole',
            id: 'role',
            practitioner: { identifier: { system: NPI, value: '9999999999' } },
            organization: { identifier: { system: SYNTHEA, value: 'org-1' } },
            code: [
              {
                coding: [
                  {
                    system: 'http://nucc.org/provider-taxonomy',
                    code: '208D00000X',
                    display: 'General Practice',
                  },
                ],
              },
            ],
            specialty: [
              { coding: [{ system: 'http://nucc.org/provider-taxonomy', code: '208D00000X' }] },
            ],
            active: true,
          },
        },
      ],
    });
    expect(result.tables.location![0]).toMatchObject({
      address_1: '60 Hospital Road',
      city: 'Leominster',
      zip: '01453',
      latitude: 42.52,
      location_source_value: 'loc',
    });
    const careSite = result.tables.care_site!.find((row) => row.care_site_source_value === 'org')!;
    expect(careSite).toMatchObject({
      care_site_name: 'Healthalliance Hospitals',
      place_of_service_source_value: 'prov',
      care_site_source_value: 'org',
    });
    expect(
      result.tables.location!.find((row) => row.location_id === careSite.location_id)?.zip,
    ).toBe('014531234');
    const [provider] = result.tables.provider!;
    expect(provider).toMatchObject({
      provider_name: 'Dr. Rosette Bruen',
      npi: '9999999999',
      gender_concept_id: 8532,
      care_site_id: careSite.care_site_id,
      // NUCC is not in the fixture vocabulary: CMS's crosswalk gives Medicare Specialty 1.
      specialty_concept_id: 38004446,
      specialty_source_value: '208D00000X',
    });
    expect(result.provider_role_contexts).toEqual([
      {
        provider_id: provider.provider_id,
        role_source_value: '208D00000X',
        practitioner_identifier: { system: NPI, value: '9999999999' },
        role_codes: [
          {
            source_value: '208D00000X',
            codings: [
              {
                system: 'http://nucc.org/provider-taxonomy',
                code: '208D00000X',
                display: 'General Practice',
              },
            ],
          },
        ],
        specialties: [
          {
            source_value: '208D00000X',
            codings: [{ system: 'http://nucc.org/provider-taxonomy', code: '208D00000X' }],
          },
        ],
        care_sites: [
          {
            path: 'organization',
            reference: `identifier=${SYNTHEA}|org-1`,
            care_site_id: careSite.care_site_id,
          },
        ],
        active: true,
      },
    ]);
    expect(
      result.mappings.find((mapping) => mapping.omop_field === 'specialty_concept_id')?.resolution
        .status,
    ).toBe('RESOLVED');
  });
});
