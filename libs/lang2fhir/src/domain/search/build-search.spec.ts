import { describe, expect, it } from 'vitest';
import { buildSearchParams } from './build-search.js';
import { dateBounds } from './search-dates.js';
import { resourceTypeNamed } from './search-resource-type.js';

describe('search from text: dates', () => {
  it('keeps the precision the text gives and reads ranges and open bounds', () => {
    expect(dateBounds('Appointments between March 2-9, 2025')).toEqual({
      ge: '2025-03-02',
      le: '2025-03-09',
    });
    expect(dateBounds('encounters since 2020')).toEqual({ ge: '2020' });
    expect(dateBounds('labs before June 2023')).toEqual({ le: '2023-06' });
    expect(dateBounds('visits from 2021-01-05 to 2021-02-01')).toEqual({
      ge: '2021-01-05',
      le: '2021-02-01',
    });
    expect(dateBounds('procedures in 2019')).toEqual({ eq: '2019' });
    expect(dateBounds('all allergies')).toBeUndefined();
  });
});

describe('search from text: parameters', () => {
  it('names the type, ORs codes with their systems, adds status, patient and count', () => {
    expect(resourceTypeNamed('Active medication requests for metformin')).toBe('MedicationRequest');
    expect(
      buildSearchParams({
        text: 'active conditions since March 2024, first 5',
        resourceType: 'Condition',
        codes: [
          { system: 'http://snomed.info/sct', code: '44054006' },
          { system: 'http://snomed.info/sct', code: '46635009' },
        ],
        codeParam: 'code',
        patient: 'Patient/p1',
      }),
    ).toBe(
      'code=http://snomed.info/sct|44054006,http://snomed.info/sct|46635009&onset-date=ge2024-03&clinical-status=active&patient=Patient/p1&_count=5',
    );
  });

  it('matches display texts with the words when no code was found, escaping commas', () => {
    expect(
      buildSearchParams({
        text: 'Hep A, adult shots',
        resourceType: 'Immunization',
        codes: [],
        codeParam: 'vaccine-code',
        codeText: 'Hep A, adult',
      }),
    ).toBe('vaccine-code:text=Hep%20A%5C,%20adult');
  });

  it('reads a patient id from the text and searches a Patient by _id', () => {
    expect(
      buildSearchParams({ text: 'patient 123 born in 1980', resourceType: 'Patient', codes: [] }),
    ).toBe('birthdate=1980&_id=123');
  });
});
