import { describe, expect, it } from 'vitest';
import {
  collectReferences,
  isFhirResource,
  logicalReference,
  normalizeReference,
  resourceAliases,
  resourceKey,
} from './fhir-references.js';

describe('normalizeReference', () => {
  it.each([
    ['Patient/123', 'Patient/123'],
    [' Patient/123 ', 'Patient/123'],
    ['https://fhir.example.org/r4/Patient/123', 'Patient/123'],
    ['http://example.org/fhir/Encounter/e-1/_history/3', 'Encounter/e-1'],
    [
      'urn:uuid:0b5c3f0e-4f8a-4b8e-9d7a-2f1c6e9b1a11',
      'urn:uuid:0b5c3f0e-4f8a-4b8e-9d7a-2f1c6e9b1a11',
    ],
    [
      'Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|9999974493',
      'Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|9999974493',
    ],
    [
      'Organization?identifier=https%3A%2F%2Fgithub.com%2Fsynthetichealth%2Fsynthea%7Cabc',
      'Organization?identifier=https://github.com/synthetichealth/synthea|abc',
    ],
    ['Patient?name=smith', 'Patient?name=smith'],
  ])('%s → %s', (reference, normalized) => {
    expect(normalizeReference(reference)).toBe(normalized);
    // Asked again, answered from the remembered spellings: the same.
    expect(normalizeReference(reference)).toBe(normalized);
  });

  it('stays right past the number of spellings it remembers', () => {
    for (let index = 0; index < 25_000; index++)
      expect(normalizeReference(`https://example.org/fhir/Patient/p${index}`)).toBe(
        `Patient/p${index}`,
      );
    expect(normalizeReference('https://example.org/fhir/Patient/p0')).toBe('Patient/p0');
  });
});

describe('resource identity', () => {
  const practitioner = {
    resourceType: 'Practitioner',
    id: 'p1',
    identifier: [
      { system: 'http://hl7.org/fhir/sid/us-npi', value: '42' },
      { value: 'local-7' },
      { system: 'ignored-without-value' },
    ],
  };

  it('answers to its id, its fullUrl and every identifier', () => {
    expect(resourceAliases(practitioner, 'urn:uuid:aaa')).toEqual([
      'Practitioner/p1',
      'urn:uuid:aaa',
      'Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|42',
      'Practitioner?identifier=42',
      '?identifier=http://hl7.org/fhir/sid/us-npi|42',
      '?identifier=42',
      'Practitioner?identifier=|local-7',
      'Practitioner?identifier=local-7',
      '?identifier=|local-7',
      '?identifier=local-7',
    ]);
  });

  it('is keyed by Type/id, else by its fullUrl', () => {
    expect(resourceKey(practitioner)).toBe('Practitioner/p1');
    expect(resourceKey({ resourceType: 'Patient' }, 'urn:uuid:bbb')).toBe('urn:uuid:bbb');
    expect(resourceKey({ resourceType: 'Patient' })).toBeUndefined();
  });

  it('recognizes resources by a capitalized resourceType only', () => {
    expect(isFhirResource({ resourceType: 'Patient' })).toBe(true);
    expect(isFhirResource({ resourceType: 'patient' })).toBe(false);
    expect(isFhirResource({ exportId: 'x' })).toBe(false);
    expect(isFhirResource([{ resourceType: 'Patient' }])).toBe(false);
  });
});

describe('collectReferences', () => {
  it('finds references at any depth, normalized, without local ones', () => {
    const encounter = {
      resourceType: 'Encounter',
      subject: { reference: 'Patient/1' },
      participant: [{ individual: { reference: 'Practitioner?identifier=npi|9' } }],
      location: [{ location: { reference: 'http://x.org/fhir/Location/l1' } }],
      contained: [{ resourceType: 'Medication', id: 'm' }],
      medication: { reference: '#m' },
      note: [{ text: 'reference' }],
    };
    expect(collectReferences(encounter).sort()).toEqual(
      ['Location/l1', 'Patient/1', 'Practitioner?identifier=npi|9'].sort(),
    );
  });
});

describe('references by identifier alone', () => {
  it('spells them like conditional references, typed when the Reference says so', () => {
    expect(logicalReference({ identifier: { system: 'npi', value: '9' } })).toBe(
      '?identifier=npi|9',
    );
    expect(logicalReference({ type: 'Organization', identifier: { value: 'x' } })).toBe(
      'Organization?identifier=x',
    );
    expect(logicalReference({ identifier: { system: 'mrn', value: '1' } }, 'Patient')).toBe(
      'Patient?identifier=mrn|1',
    );
    expect(logicalReference({ identifier: [{ value: 'x' }] })).toBeUndefined();
    expect(logicalReference({ display: 'no identifier' })).toBeUndefined();
  });

  it("collects them from nested elements, not from the resource's own identifier", () => {
    const role = {
      resourceType: 'PractitionerRole',
      identifier: [{ system: 'roles', value: 'r1' }],
      practitioner: { identifier: { system: 'http://hl7.org/fhir/sid/us-npi', value: '99' } },
      organization: { identifier: { system: 'synthea', value: 'org-1' }, display: 'General' },
    };
    expect(collectReferences(role).sort()).toEqual([
      '?identifier=http://hl7.org/fhir/sid/us-npi|99',
      '?identifier=synthea|org-1',
    ]);
    // A resource answers to the untyped spelling of its identifiers.
    expect(
      resourceAliases({
        resourceType: 'Organization',
        identifier: [{ system: 'synthea', value: 'org-1' }],
      }),
    ).toContain('?identifier=synthea|org-1');
  });
});
