import { describe, expect, it } from 'vitest';
import { expectedFailure, type ExpectedFailure } from '@app/shared';
import { MedplumFhirValidator } from './medplum-fhir-validator.js';

const validator = new MedplumFhirValidator();
const strict = { strict: true };
const tolerant = { strict: false };

async function refusal(value: unknown, options = strict): Promise<ExpectedFailure> {
  try {
    await validator.validate(value, 'fhir_resources', options);
  } catch (error) {
    const failure = expectedFailure(error);
    if (failure) return failure;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('validating FHIR R4 input', () => {
  it('accepts valid resources and Bundles without warnings', async () => {
    expect(
      await validator.validate(
        {
          resourceType: 'Bundle',
          type: 'collection',
          entry: [{ resource: { resourceType: 'Patient', birthDate: '1970-01-01' } }],
        },
        'fhir_resources',
        strict,
      ),
    ).toEqual([]);
  });

  it('strict: answers 400 SUMMARY.INVALID_FHIR naming each wrong element', async () => {
    const error = await refusal({ resourceType: 'Patient', birthDate: 19700101, nickname: 'x' });
    expect(error.status).toBe(400);
    expect(error.code).toBe('SUMMARY.INVALID_FHIR');
    expect(error.message).toContain('fhir_resources.birthDate');
    expect(error.message).toContain('fhir_resources.nickname');
  });

  it('tolerant: returns the same findings as warnings', async () => {
    expect(
      await validator.validate(
        { resourceType: 'Patient', birthDate: 19700101, nickname: 'x' },
        'fhir_resources',
        tolerant,
      ),
    ).toEqual([
      'fhir_resources.birthDate: Invalid JSON type: expected string, but got number',
      'fhir_resources.nickname: Invalid additional property "nickname"',
    ]);
  });

  it('refuses a missing required element in strict mode and what is not FHIR in both', async () => {
    expect(
      (
        await refusal({
          resourceType: 'Bundle',
          type: 'collection',
          entry: [{ resource: { resourceType: 'Condition' } }],
        })
      ).message,
    ).toContain('fhir_resources.entry[0].resource.subject');
    for (const options of [strict, tolerant]) {
      expect((await refusal({ hello: 'world' }, options)).message).toBe(
        'fhir_resources is not FHIR R4 that can be read: fhir_resources: must be a FHIR resource (a JSON object with a resourceType)',
      );
      expect((await refusal({ resourceType: 'Nonsense' }, options)).code).toBe(
        'SUMMARY.INVALID_FHIR',
      );
    }
  });
});
