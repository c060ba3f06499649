import { describe, expect, it } from 'vitest';
import { checkFhirShapes } from './check-fhir-shapes.js';
import { readFhirInput } from './read-fhir-input.js';

const check = (resource: Record<string, unknown>) =>
  checkFhirShapes(readFhirInput(resource).entries);

describe('checkFhirShapes', () => {
  it('accepts well-typed elements and ignores elements the mapper does not read', () => {
    expect(
      check({
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '8480-6' }] },
        valueQuantity: { value: 120, unit: 'mmHg' },
        effectiveDateTime: '2020-01-01T10:00:00Z',
        note: 42,
      }),
    ).toEqual([]);
  });

  it('names each wrong type by path', () => {
    expect(
      check({
        resourceType: 'Observation',
        code: { coding: { system: 'http://loinc.org' } },
        valueQuantity: { value: '12' },
        effectiveDateTime: 'yesterday',
        subject: 'Patient/1',
      }),
    ).toEqual([
      { path: 'fhir_resources.subject', problem: 'must be a Reference object (got a string)' },
      { path: 'fhir_resources.code.coding', problem: 'must be an array (got an object)' },
      { path: 'fhir_resources.valueQuantity.value', problem: 'must be a number (got a string)' },
      {
        path: 'fhir_resources.effectiveDateTime',
        problem: '"yesterday" is not a valid FHIR date or dateTime',
      },
    ]);
  });

  it('checks contained resources at their path', () => {
    expect(
      check({
        resourceType: 'MedicationRequest',
        contained: [{ resourceType: 'Medication', id: 'm', code: { text: 5 } }],
      }),
    ).toEqual([
      { path: 'fhir_resources.contained[0].code.text', problem: 'must be a string (got a number)' },
    ]);
  });
});
