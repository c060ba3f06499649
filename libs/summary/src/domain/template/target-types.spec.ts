import { describe, expect, it } from 'vitest';
import { DomainError } from '@app/shared';
import { resolveTargetTypes } from './target-types.js';

describe('target_resources', () => {
  it('accepts type names in any case, once each', () => {
    expect(resolveTargetTypes(['patient', 'Condition', 'PATIENT'], [])).toEqual([
      'Patient',
      'Condition',
    ]);
  });

  it('resolves profiles through the example data, else through the type their name holds', () => {
    const profile = 'http://example.org/StructureDefinition/my-bp';
    const examples = [
      { resource: { resourceType: 'Observation', meta: { profile: [profile] } }, fullUrl: null },
    ];
    expect(resolveTargetTypes([profile], examples)).toEqual(['Observation']);
    expect(
      resolveTargetTypes(
        [
          'http://hl7.org/fhir/us/core/StructureDefinition/us-core-condition-encounter-diagnosis',
          'http://hl7.org/fhir/us/core/StructureDefinition/us-core-medicationrequest',
        ],
        [],
      ),
    ).toEqual(['Condition', 'MedicationRequest']);
  });

  it('answers 400 naming targets whose type cannot be told', () => {
    try {
      resolveTargetTypes(['Patient', 'Pateint', 'http://example.org/StructureDefinition/xyz'], []);
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('SUMMARY.UNKNOWN_RESOURCE_TYPE');
      expect((error as DomainError).message).toContain('target_resources[1]');
      expect((error as DomainError).message).toContain('target_resources[2]');
    }
  });
});
