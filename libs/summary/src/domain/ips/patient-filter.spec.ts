import { describe, expect, it } from 'vitest';
import { readFhirInput } from '../fhir/fhir-input.js';
import { findIpsPatient } from './ips-patient.js';
import { belongsToPatient, pointsAtPatient } from './patient-filter.js';
import type { FhirResource } from '../fhir/fhir-resource.js';

const patient: FhirResource = {
  resourceType: 'Patient',
  id: 'p1',
  identifier: [{ system: 'urn:mrn', value: 'MRN-1' }],
  name: [{ given: ['Ann'], family: 'Ames' }],
};

function bundleOf(...resources: FhirResource[]): FhirResource {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: resources.map((resource) => ({
      resource,
      ...(resource.id ? { fullUrl: `urn:uuid:${resource.id}` } : {}),
    })),
  };
}

const identity = findIpsPatient(
  readFhirInput({
    ...bundleOf(patient),
    entry: [{ fullUrl: 'https://ehr.example/fhir/Patient/p1', resource: patient }],
  }),
);

describe('resources that reference the patient', () => {
  it.each([
    ['Patient/id', { reference: 'Patient/p1' }],
    ['the fullUrl', { reference: 'https://ehr.example/fhir/Patient/p1' }],
    [
      'an absolute URL ending in Patient/id',
      { reference: 'https://mirror.example/Patient/p1/_history/2' },
    ],
    ['a logical identifier', { identifier: { system: 'urn:mrn', value: 'MRN-1' } }],
    ['an identifier without system', { identifier: { value: 'MRN-1' } }],
    ['a conditional reference', { reference: 'Patient?identifier=urn:mrn|MRN-1' }],
  ])('are found by %s', (_label, reference) => {
    expect(pointsAtPatient(reference, identity)).toBe(true);
  });

  it.each([
    ['another id', { reference: 'Patient/p2' }],
    ['another identifier', { identifier: { system: 'urn:mrn', value: 'MRN-2' } }],
    ['the same value in another system', { identifier: { system: 'urn:other', value: 'MRN-1' } }],
    ['a display only', { display: 'Ann Ames' }],
  ])('are not confused with %s', (_label, reference) => {
    expect(pointsAtPatient(reference, identity)).toBe(false);
  });

  it('look at subject and patient', () => {
    expect(
      belongsToPatient(
        { resourceType: 'AllergyIntolerance', patient: { reference: 'Patient/p1' } },
        identity,
      ),
    ).toBe(true);
    expect(
      belongsToPatient(
        { resourceType: 'Condition', subject: { reference: 'Patient/p2' } },
        identity,
      ),
    ).toBe(false);
    expect(belongsToPatient({ resourceType: 'Medication' }, identity)).toBe(false);
  });
});
