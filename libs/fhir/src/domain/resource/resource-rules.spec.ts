import { OperationOutcomeError } from '@medplum/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFhirDefinitions } from '../fhir-definitions.js';
import { assertValidResource, canonicalKeyOrder, stampVersion } from './resource-rules.js';
import { selectElements } from './select-elements.js';

async function issues(input: unknown): Promise<string> {
  try {
    await assertValidResource(input);
  } catch (error) {
    if (error instanceof OperationOutcomeError) return JSON.stringify(error.outcome.issue);
    throw error;
  }
  return 'valid';
}

describe('resource rules', () => {
  beforeAll(() => loadFhirDefinitions());

  it('accept a valid resource and refuse invalid ones naming the path', async () => {
    expect(
      await issues({ resourceType: 'Patient', gender: 'female', birthDate: '1990-01-01' }),
    ).toBe('valid');
    expect(await issues({ resourceType: 'Patient', gender: 3 })).toContain('Patient.gender');
    expect(await issues({ resourceType: 'Patient', birthDate: '01/01/1990' })).toContain(
      'Patient.birthDate',
    );
    expect(await issues({ resourceType: 'Observation', code: { text: 'x' } })).toContain('status');
    expect(await issues({ resourceType: 'Spaceship' })).toContain(
      'Unknown resource type \\"Spaceship\\"',
    );
    expect(await issues({ name: 'x' })).toContain('no resourceType');
    expect(await issues([])).toContain('JSON object');
    expect(await issues({ resourceType: 'Patient', id: 'has spaces' })).toContain('Patient.id');
  });

  it('stamp server meta and keep the usual key order', () => {
    const stamped = stampVersion(
      {
        resourceType: 'Patient',
        gender: 'male',
        meta: { tag: [{ code: 't' }], versionId: 'old' },
        id: 'ignored',
      },
      'p1',
      'v2',
      new Date('2024-01-01T00:00:00Z'),
    );
    expect(stamped).toEqual({
      resourceType: 'Patient',
      id: 'p1',
      meta: { tag: [{ code: 't' }], versionId: 'v2', lastUpdated: '2024-01-01T00:00:00.000Z' },
      gender: 'male',
    });
    expect(
      Object.keys(
        canonicalKeyOrder({ gender: 'x', meta: {}, id: '1', resourceType: 'Patient' } as never),
      ),
    ).toEqual(['resourceType', 'id', 'meta', 'gender']);
  });

  it('subset with _elements, tagged SUBSETTED', () => {
    const subset = selectElements(
      { resourceType: 'Patient', id: '1', gender: 'male', birthDate: '1990' },
      ['gender'],
    );
    expect(subset).toEqual({
      resourceType: 'Patient',
      id: '1',
      gender: 'male',
      meta: {
        tag: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue',
            code: 'SUBSETTED',
          },
        ],
      },
    });
  });
});
