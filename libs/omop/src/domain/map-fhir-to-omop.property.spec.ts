import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FhirInputError } from './input/fhir-input-error.js';
import { mapWithFixture } from './test-support/fixture-concepts.js';

// Issue #13: the mapper returns a result or a typed error (FhirInputError) on any input.
const TYPES = [
  'Patient',
  'Encounter',
  'Condition',
  'Observation',
  'MedicationRequest',
  'MedicationStatement',
  'Procedure',
  'AllergyIntolerance',
  'Immunization',
  'Practitioner',
  'Organization',
  'Location',
  'Bundle',
  'NotAType',
];
const FIELDS = [
  'id',
  'subject',
  'patient',
  'encounter',
  'code',
  'coding',
  'reference',
  'valueQuantity',
  'valueString',
  'value',
  'onsetDateTime',
  'effectiveDateTime',
  'birthDate',
  'gender',
  'period',
  'start',
  'end',
  'status',
  'contained',
  'extension',
  'system',
  'dosageInstruction',
  'medicationCodeableConcept',
  'entry',
  'resource',
  'fullUrl',
];

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('Patient/p1', '#a', 'urn:uuid:1', 'http://loinc.org', '2020-02-30', 'kg'),
);
const resource = fc
  .record({
    resourceType: fc.constantFrom(...TYPES),
    fields: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }),
  })
  .map(({ resourceType, fields }) => ({ ...fields, resourceType }));
/** Nesting up to the service's default limit (256): what the HTTP guard lets through. */
const deepResource = fc
  .record({ resourceType: fc.constantFrom(...TYPES), depth: fc.integer({ min: 1, max: 250 }) })
  .map(({ resourceType, depth }) => {
    let extension: Record<string, unknown> = { url: 'http://example.org/leaf', valueString: 'x' };
    for (let level = 1; level < depth; level += 1)
      extension = { url: 'http://example.org/level', extension: [extension] };
    return { resourceType, id: 'deep', extension: [extension], contained: [extension] };
  });
const input = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  deepResource,
  resource,
  fc.array(resource, { maxLength: 6 }).map((resources) => ({
    resourceType: 'Bundle',
    type: 'collection',
    entry: resources.map((item, index) => ({ fullUrl: `urn:uuid:${index}`, resource: item })),
  })),
);

describe('mapFhirToOmop on arbitrary input (property)', () => {
  it('returns a result or throws FhirInputError, nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(input, async (value) => {
        try {
          const result = await mapWithFixture(value);
          expect(result).toBeTypeOf('object');
        } catch (error) {
          if (!(error instanceof FhirInputError)) throw error;
        }
      }),
      { seed: 13, numRuns: 400 },
    );
  });
});
