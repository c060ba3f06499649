import { describe, expect, it } from 'vitest';
import { AppError } from '@app/shared';
import { MedplumFhirValidator } from './medplum-fhir-validator.js';

const validator = new MedplumFhirValidator();

function refusal(value: unknown): AppError {
  try {
    validator.validate(value, 'fhir_resources');
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('validating FHIR R4 input', () => {
  it('accepts valid resources and Bundles', () => {
    expect(() =>
      validator.validate(
        {
          resourceType: 'Bundle',
          type: 'collection',
          entry: [{ resource: { resourceType: 'Patient', birthDate: '1970-01-01' } }],
        },
        'fhir_resources',
      ),
    ).not.toThrow();
  });

  it('answers 400 SUMMARY.INVALID_FHIR naming each wrong element', () => {
    const error = refusal({ resourceType: 'Patient', birthDate: 19700101, nickname: 'x' });
    expect(error.status).toBe(400);
    expect(error.code).toBe('SUMMARY.INVALID_FHIR');
    expect(error.message).toContain('Patient.birthDate');
    expect(error.message).toContain('Patient.nickname');
  });

  it('refuses a missing required element inside a Bundle and what is not FHIR at all', () => {
    expect(
      refusal({
        resourceType: 'Bundle',
        type: 'collection',
        entry: [{ resource: { resourceType: 'Condition' } }],
      }).message,
    ).toContain('Bundle.entry[0].resource.subject');
    expect(refusal({ hello: 'world' }).message).toBe(
      'fhir_resources must be a FHIR resource or Bundle (a JSON object with a resourceType)',
    );
    expect(refusal({ resourceType: 'Nonsense' }).code).toBe('SUMMARY.INVALID_FHIR');
  });
});
