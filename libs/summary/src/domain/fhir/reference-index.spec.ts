import { describe, expect, it } from 'vitest';
import type { ResourceEntry } from './fhir-input.js';
import { ReferenceIndex } from './reference-index.js';

const patient = {
  resourceType: 'Patient',
  id: 'p1',
  identifier: [{ system: 'urn:mrn', value: '123' }],
};
const practitioner = {
  resourceType: 'Practitioner',
  id: 'dr1',
  identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: '999' }],
};
const withoutId = { resourceType: 'Organization', name: 'Clinic' };
const entries: ResourceEntry[] = [
  { resource: patient, fullUrl: 'https://example.org/fhir/Patient/p1' },
  { resource: practitioner, fullUrl: 'urn:uuid:aaaa' },
  { resource: withoutId, fullUrl: 'urn:uuid:bbbb' },
];
const index = new ReferenceIndex(entries);

describe('resolving references inside the input', () => {
  it.each([
    ['Type/id', { reference: 'Patient/p1' }, patient],
    ['an absolute fullUrl', { reference: 'https://example.org/fhir/Patient/p1' }, patient],
    [
      'an absolute URL on another base ending in Type/id',
      { reference: 'https://other.org/Patient/p1' },
      patient,
    ],
    ['a versioned reference', { reference: 'Patient/p1/_history/3' }, patient],
    ['a urn:uuid fullUrl', { reference: 'urn:uuid:bbbb' }, withoutId],
    [
      'a conditional reference',
      { reference: 'Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|999' },
      practitioner,
    ],
    [
      'a logical reference by identifier',
      { identifier: { system: 'urn:mrn', value: '123' } },
      patient,
    ],
    [
      'a typed logical reference',
      {
        type: 'Practitioner',
        identifier: { value: '999', system: 'http://hl7.org/fhir/sid/us-npi' },
      },
      practitioner,
    ],
  ])('resolves %s', (_label, reference, expected) => {
    expect(index.resolve(reference)).toBe(expected);
  });

  it('resolves #id to a contained resource of the referring resource', () => {
    const contained = { resourceType: 'Medication', id: 'm1' };
    const statement = { resourceType: 'MedicationStatement', contained: [contained] };
    expect(index.resolve({ reference: '#m1' }, statement)).toBe(contained);
    expect(index.resolve({ reference: '#m1' })).toBeNull();
  });

  it('answers null for targets that are not in the input and for non-references', () => {
    expect(index.resolve({ reference: 'Patient/p2' })).toBeNull();
    expect(index.resolve({ reference: 'Practitioner?identifier=urn:x|1' })).toBeNull();
    expect(index.resolve('Patient/p1')).toBeNull();
    expect(index.resolve(undefined)).toBeNull();
  });
});
