import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@app/shared';
import { loadFhirDefinitions } from '../fhir-definitions.js';
import { isBuiltinProfileId } from './builtin-profiles.js';
import { checkGuideName, profileIdentity } from './structure-definition-rules.js';

const valid = {
  resourceType: 'StructureDefinition',
  id: 'Acme-Patient',
  url: 'http://acme.org/fhir/StructureDefinition/acme-patient',
  version: '1.2.0',
  fhirVersion: '4.0.1',
  type: 'Patient',
  baseDefinition: 'http://hl7.org/fhir/StructureDefinition/Patient',
  differential: { element: [{ path: 'Patient.name', min: 1 }] },
};

function problemsOf(value: unknown): string[] {
  try {
    profileIdentity(value);
  } catch (error) {
    if (error instanceof DomainError) return (error.details as { problems: string[] }).problems;
    throw error;
  }
  return [];
}

describe('profileIdentity', () => {
  beforeAll(() => loadFhirDefinitions());

  it('derives the lowercase id, url, type and versions', () => {
    expect(profileIdentity(valid)).toEqual({
      id: 'acme-patient',
      url: valid.url,
      resourceType: 'Patient',
      version: '1.2.0',
      fhirVersion: '4.0.1',
    });
    const { id: _id, ...withoutId } = valid;
    expect(profileIdentity(withoutId).id).toBe('acme-patient');
  });

  it('names every problem of an unusable definition', () => {
    expect(
      problemsOf({
        resourceType: 'StructureDefinition',
        url: 'not a url',
        type: 'Patientt',
        fhirVersion: '5.0.0',
      }),
    ).toEqual([
      'url must be an absolute canonical URL',
      'type "Patientt" is not an R4 resource type',
      'baseDefinition is required',
      'fhirVersion "5.0.0" is not R4 (4.0.x)',
      'a differential or a snapshot with elements is required',
      'id "not a url" is not a valid FHIR id',
    ]);
    expect(problemsOf({ ...valid, snapshot: { element: [{ path: 'Observation.code' }] } })).toEqual(
      ['element paths must start with "Patient": Observation.code'],
    );
  });

  it('refuses the reserved guide and built-in ids', () => {
    expect(() => checkGuideName('us_core')).toThrow(DomainError);
    expect(() => checkGuideName('bad name')).toThrow(DomainError);
    expect(checkGuideName('acme-cardiology')).toBe('acme-cardiology');
    expect(isBuiltinProfileId('us-core-patient')).toBe(true);
    expect(isBuiltinProfileId('MedicationRequest')).toBe(true);
    expect(isBuiltinProfileId('acme-patient')).toBe(false);
  });
});
