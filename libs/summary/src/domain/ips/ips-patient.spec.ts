import { describe, expect, it } from 'vitest';
import { expectedFailure, type ExpectedFailure } from '@app/shared';
import { readFhirInput } from '../fhir/fhir-input.js';
import { findIpsPatient } from './ips-patient.js';
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

function refusal(value: unknown): ExpectedFailure {
  try {
    findIpsPatient(readFhirInput(value));
  } catch (error) {
    const failure = expectedFailure(error);
    if (failure) return failure;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the patient of an IPS', () => {
  it('finds the one Patient with every form a reference to it can take', () => {
    const identity = findIpsPatient(readFhirInput(bundleOf(patient)));
    expect(identity.name).toBe('Ann Ames');
    expect([...identity.referenceTexts]).toEqual(['Patient/p1', 'urn:uuid:p1']);
    expect(identity.identifiers).toEqual([{ system: 'urn:mrn', value: 'MRN-1' }]);
  });

  it('needs a Bundle', () => {
    expect(refusal(patient).code).toBe('SUMMARY.IPS_NEEDS_BUNDLE');
  });

  it('needs exactly one Patient', () => {
    expect(refusal(bundleOf()).code).toBe('SUMMARY.IPS_PATIENT_COUNT');
    const two = refusal(bundleOf(patient, { ...patient, id: 'p2' }));
    expect(two.status).toBe(400);
    expect(two.code).toBe('SUMMARY.IPS_PATIENT_COUNT');
    expect(two.message).toContain('found 2 (p1, p2)');
  });

  it('needs an id, a fullUrl or an identifier on the Patient', () => {
    const anonymous = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ resource: { resourceType: 'Patient', name: [{ family: 'X' }] } }],
    };
    expect(refusal(anonymous).code).toBe('SUMMARY.IPS_PATIENT_UNIDENTIFIED');
    const byFullUrl = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ fullUrl: 'urn:uuid:9', resource: { resourceType: 'Patient' } }],
    };
    expect(findIpsPatient(readFhirInput(byFullUrl)).name).toBe('Unknown patient');
  });
});
