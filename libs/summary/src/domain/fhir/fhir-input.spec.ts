import { describe, expect, it } from 'vitest';
import { expectedFailure, type ExpectedFailure } from '@app/shared';
import { groupByType, readFhirInput, resourcesOfType } from './fhir-input.js';

const patient = { resourceType: 'Patient', id: 'p1' };
const condition = { resourceType: 'Condition', id: 'c1', subject: { reference: 'Patient/p1' } };

function problemOf(run: () => unknown): ExpectedFailure {
  try {
    run();
  } catch (error) {
    const failure = expectedFailure(error);
    if (failure) return failure;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('reading fhir_resources', () => {
  it('reads a single resource', () => {
    expect(readFhirInput(patient)).toEqual({
      entries: [{ resource: patient, fullUrl: null }],
      isBundle: false,
    });
  });

  it('reads Bundle entries with their fullUrls, including nested Bundles, and skips entries without a resource', () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { fullUrl: 'urn:uuid:1', resource: patient },
        { request: { method: 'DELETE', url: 'Patient/old' } },
        {
          resource: {
            resourceType: 'Bundle',
            type: 'collection',
            entry: [{ resource: condition }],
          },
        },
      ],
    };
    const input = readFhirInput(bundle);
    expect(input.isBundle).toBe(true);
    expect(input.entries).toEqual([
      { resource: patient, fullUrl: 'urn:uuid:1' },
      { resource: condition, fullUrl: null },
    ]);
    expect(resourcesOfType(input.entries, 'Condition')).toEqual([condition]);
    expect([...groupByType(input.entries).keys()]).toEqual(['Patient', 'Condition']);
  });

  it.each([
    ['an array', [patient], 'fhir_resources'],
    ['an object without resourceType', { id: 'x' }, 'fhir_resources'],
    ['an unknown resource type', { resourceType: 'Patinet' }, 'fhir_resources.resourceType'],
    [
      'a Bundle whose entry is not an array',
      { resourceType: 'Bundle', entry: {} },
      'fhir_resources.entry',
    ],
    [
      'a Bundle entry that is not a resource',
      { resourceType: 'Bundle', entry: [{ resource: patient }, { resource: { id: 'x' } }] },
      'fhir_resources.entry[1].resource',
    ],
  ])('answers 400 SUMMARY.INVALID_FHIR naming the place for %s', (_label, value, place) => {
    const error = problemOf(() => readFhirInput(value));
    expect(error.status).toBe(400);
    expect(error.code).toBe('SUMMARY.INVALID_FHIR');
    expect(error.message.startsWith(place)).toBe(true);
  });
});

describe('entries of unknown resource types', () => {
  it('are skipped, the others read', () => {
    const input = readFhirInput({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ resource: { resourceType: 'Patinet', id: 'x' } }, { resource: patient }],
    });
    expect(input.entries).toEqual([{ resource: patient, fullUrl: null }]);
  });
});
