import { describe, expect, it } from 'vitest';
import { FhirInputError } from './fhir-input-error.js';
import { readFhirInput } from './read-fhir-input.js';

function problemOf(value: unknown): string {
  try {
    readFhirInput(value);
  } catch (error) {
    if (error instanceof FhirInputError) return error.message;
    throw error;
  }
  throw new Error('no error');
}

describe('readFhirInput', () => {
  it('reads a single resource and its contained resources, keyed by type and id', () => {
    const input = readFhirInput({
      resourceType: 'MedicationRequest',
      id: 'm1',
      contained: [{ resourceType: 'Medication', id: 'med' }],
    });
    expect(input.isBundle).toBe(false);
    expect(input.entries.map((entry) => [entry.key, entry.container?.key])).toEqual([
      ['MedicationRequest/m1', undefined],
      ['MedicationRequest/m1#med', 'MedicationRequest/m1'],
    ]);
  });

  it.each(['collection', 'transaction', 'batch', 'document', 'searchset', 'message'])(
    'reads a %s Bundle',
    (type) => {
      const input = readFhirInput({
        resourceType: 'Bundle',
        type,
        entry: [{ fullUrl: 'urn:uuid:1', resource: { resourceType: 'Patient' } }],
      });
      expect(input.entries).toHaveLength(1);
      expect(input.entries[0]).toMatchObject({ fullUrl: 'urn:uuid:1', key: 'urn:uuid:1' });
    },
  );

  it('reads nested Bundles in place', () => {
    const input = readFhirInput({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        {
          resource: {
            resourceType: 'Bundle',
            type: 'searchset',
            entry: [{ resource: { resourceType: 'Patient', id: 'x' } }],
          },
        },
      ],
    });
    expect(input.entries.map((entry) => entry.key)).toEqual(['Patient/x']);
  });

  it('refuses what is not a resource or Bundle, naming the place', () => {
    expect(problemOf('text')).toMatch(/^fhir_resources must be a FHIR resource/);
    expect(problemOf([])).toMatch(/^fhir_resources must be a FHIR resource/);
    expect(problemOf({ id: 'x' })).toBe('fhir_resources.resourceType is missing');
    expect(problemOf({ resourceType: 12 })).toMatch(
      /resourceType must be a FHIR resource type name/,
    );
    expect(problemOf({ resourceType: 'Bundle', type: 'collection' })).toMatch(
      /fhir_resources.entry is missing/,
    );
    expect(problemOf({ resourceType: 'Bundle', type: 'collection', entry: {} })).toBe(
      'fhir_resources.entry must be an array',
    );
    expect(problemOf({ resourceType: 'Bundle', type: 'collection', entry: [1, 2] })).toBe(
      'fhir_resources.entry[0] must be an object',
    );
    expect(
      problemOf({ resourceType: 'Bundle', type: 'collection', entry: [{ fullUrl: 'x' }] }),
    ).toBe('fhir_resources.entry[0].resource is missing');
    expect(problemOf({ resourceType: 'Bundle', type: 'pile', entry: [] })).toMatch(
      /fhir_resources.type must be one of/,
    );
  });
});
