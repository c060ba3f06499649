import { describe, expect, it } from 'vitest';
import { checkFhirInput, warningLines } from './input-policy.js';

const field = 'fhir_resources';
const tolerant = { field, strict: false };
const strict = { field, strict: true };

/** An EHR-style document Bundle with the defects real senders leave in. */
function ehrDocument(): Record<string, unknown> {
  return {
    resourceType: 'Bundle',
    type: 'document',
    identifier: {
      system: 'urn:ietf:rfc:3986',
      value: 'urn:uuid:0c3d4f0e-1f7e-4b59-a4c6-1d2b3c4d5e6f',
    },
    timestamp: '2024-05-01T10:00:00Z',
    entry: [
      {
        fullUrl: 'urn:uuid:composition-1',
        // No status, date, author or title; the section text has no status.
        resource: {
          resourceType: 'Composition',
          type: { coding: [{ system: 'http://loinc.org', code: '60591-5' }] },
          subject: { reference: 'urn:uuid:patient-1' },
          section: [
            {
              title: 'Allergies',
              code: { coding: [{ system: 'http://loinc.org', code: '48765-2' }] },
              text: { div: '<div xmlns="http://www.w3.org/1999/xhtml">None</div>' },
            },
          ],
        },
      },
      {
        fullUrl: 'urn:uuid:patient-1',
        resource: {
          resourceType: 'Patient',
          id: 'patient-1',
          name: [{ family: 'Okafor', given: ['Ada'] }, {}],
          communication: [{ preferred: true }],
          birthDate: '1970-02-03',
        },
      },
      {
        fullUrl: 'urn:uuid:procedure-1',
        resource: {
          resourceType: 'Procedure',
          status: 'completed',
          subject: { reference: 'urn:uuid:patient-1' },
          code: { text: 'Appendectomy' },
          performer: [{ function_: { text: 'surgeon' }, actor: { display: 'Dr. Diaz' } }],
        },
      },
    ],
  };
}

describe('the FHIR input policy', () => {
  it('reads an EHR-style Bundle in tolerant mode: every defect is a warning naming its path', async () => {
    const check = await checkFhirInput(ehrDocument(), tolerant);
    expect(check.errors).toEqual([]);
    const paths = check.warnings.map((warning) => warning.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'fhir_resources.entry[0].resource.status',
        'fhir_resources.entry[0].resource.date',
        'fhir_resources.entry[0].resource.author',
        'fhir_resources.entry[0].resource.title',
        'fhir_resources.entry[0].resource.section[0].text.status',
        'fhir_resources.entry[1].resource.name[1]',
        'fhir_resources.entry[1].resource.communication[0].language',
        'fhir_resources.entry[2].resource.performer[0].function_',
      ]),
    );
    expect(check.warnings).toHaveLength(8);
    expect(warningLines(check)).toContain(
      'fhir_resources.entry[2].resource.performer[0].function_: Invalid additional property "function_"',
    );
  });

  it('refuses the same Bundle in strict mode with the same findings as errors', async () => {
    const check = await checkFhirInput(ehrDocument(), strict);
    expect(check.warnings).toEqual([]);
    expect(check.errors).toHaveLength(8);
  });

  it('finds nothing in valid input', async () => {
    const check = await checkFhirInput(
      {
        resourceType: 'Bundle',
        type: 'collection',
        entry: [{ fullUrl: 'urn:uuid:p', resource: { resourceType: 'Patient', id: 'p' } }],
      },
      strict,
    );
    expect(check).toEqual({ errors: [], warnings: [], unlisted: 0 });
  });

  it.each([
    ['an array', [], 'fhir_resources'],
    ['an object without resourceType', { id: 'x' }, 'fhir_resources'],
    ['an unknown root resource type', { resourceType: 'Patinet' }, 'fhir_resources.resourceType'],
    [
      'a Bundle whose entry is not an array',
      { resourceType: 'Bundle', entry: {} },
      'fhir_resources.entry',
    ],
    [
      'an entry that is not an object',
      { resourceType: 'Bundle', type: 'collection', entry: [7] },
      'fhir_resources.entry[0]',
    ],
    [
      'an entry resource without resourceType',
      { resourceType: 'Bundle', type: 'collection', entry: [{ resource: { id: 'x' } }] },
      'fhir_resources.entry[0].resource',
    ],
    [
      'Bundles nested nine deep',
      Array.from({ length: 9 }).reduce<Record<string, unknown>>(
        (inner) => ({ resourceType: 'Bundle', type: 'collection', entry: [{ resource: inner }] }),
        { resourceType: 'Bundle', type: 'collection' },
      ),
      `fhir_resources${'.entry[0].resource'.repeat(9)}`,
    ],
  ])('keeps structural failures errors even when tolerant: %s', async (_label, value, path) => {
    const check = await checkFhirInput(value, tolerant);
    expect(check.errors.map((error) => error.path)).toEqual([path]);
  });

  it('warns about an entry of an unknown resource type and goes on with the others', async () => {
    const check = await checkFhirInput(
      {
        resourceType: 'Bundle',
        type: 'collection',
        entry: [
          { resource: { resourceType: 'Patinet', id: 'x' } },
          { resource: { resourceType: 'Patient', gender: 7 } },
        ],
      },
      tolerant,
    );
    expect(check.errors).toEqual([]);
    expect(check.warnings.map((warning) => warning.path)).toEqual([
      'fhir_resources.entry[0].resource.resourceType',
      'fhir_resources.entry[1].resource.gender',
    ]);
  });

  it('checks entry-level elements and nested Bundles', async () => {
    const check = await checkFhirInput(
      {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          {
            fullUrl: 'urn:uuid:a',
            request: { method: 'GET', url: 'Patient', verb: 'GET' },
            resource: {
              resourceType: 'Bundle',
              type: 'collection',
              entry: [{ resource: { resourceType: 'Observation', status: 'final' } }],
            },
          },
        ],
      },
      tolerant,
    );
    expect(check.warnings.map((warning) => warning.path)).toEqual([
      'fhir_resources.entry[0].resource.entry[0].resource.code',
      'fhir_resources.entry[0].request.verb',
    ]);
  });

  it('lists at most 100 findings and counts the rest', async () => {
    const check = await checkFhirInput(
      {
        resourceType: 'Bundle',
        type: 'collection',
        entry: Array.from({ length: 150 }, () => ({ resource: { resourceType: 'Patient', x: 1 } })),
      },
      tolerant,
    );
    expect(check.warnings).toHaveLength(100);
    expect(check.unlisted).toBe(50);
    expect(warningLines(check).at(-1)).toBe('and 50 more findings not listed');
  });
});

describe('the first-entry rule of documents', () => {
  it('warns when a document Bundle does not start with a Composition', async () => {
    const check = await checkFhirInput(
      {
        resourceType: 'Bundle',
        type: 'document',
        identifier: { system: 'urn:ietf:rfc:3986', value: 'urn:uuid:1' },
        timestamp: '2024-01-01T00:00:00Z',
        entry: [{ fullUrl: 'urn:uuid:p', resource: { resourceType: 'Patient' } }],
      },
      tolerant,
    );
    expect(check.warnings).toEqual([
      {
        path: 'fhir_resources.entry[0]',
        problem:
          'Constraint bdl-11 not met: a document Bundle must have a Composition as the first resource',
      },
    ]);
  });
});

describe('checking a large Bundle', () => {
  const observations = (count: number) => ({
    resourceType: 'Bundle',
    type: 'batch',
    entry: Array.from({ length: count }, (_, index) => ({
      request: { method: 'POST', url: 'Observation', ...(index % 50 === 7 ? { verb: 'x' } : {}) },
      resource: {
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'Heart rate' },
        ...(index % 100 === 3 ? { issued: 20240101 } : {}),
      },
    })),
  });

  it('lets other callbacks run before it finishes', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other callback'));
    const check = checkFhirInput(observations(1_000), tolerant).then(() =>
      order.push('check done'),
    );
    order.push('check started');
    await check;
    expect(order).toEqual(['check started', 'other callback', 'check done']);
  });

  it('names every finding by its own entry, resources and entry elements alike', async () => {
    const check = await checkFhirInput(observations(300), tolerant);
    expect(check.warnings.map((warning) => warning.path)).toEqual([
      ...[3, 103, 203].map((index) => `fhir_resources.entry[${index}].resource.issued`),
      ...[7, 57, 107, 157, 207, 257].map((index) => `fhir_resources.entry[${index}].request.verb`),
    ]);
  });

  it('stops with the reason of the request signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('deadline passed'));
    await expect(
      checkFhirInput(observations(1_000), { ...tolerant, signal: controller.signal }),
    ).rejects.toThrow('deadline passed');
  });
});
