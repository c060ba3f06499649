import { describe, expect, it } from 'vitest';
import { readFhirInput, type InputEntry } from '../input/read-fhir-input.js';
import { ReferenceIndex } from './reference-index.js';

const NPI = 'http://hl7.org/fhir/sid/us-npi';

function setup(): {
  index: ReferenceIndex;
  entries: InputEntry[];
  byKey: (key: string) => InputEntry;
} {
  const { entries } = readFhirInput({
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      { fullUrl: 'urn:uuid:aaa', resource: { resourceType: 'Patient', id: 'aaa' } },
      {
        fullUrl: 'http://ehr.example/fhir/Patient/p2',
        resource: { resourceType: 'Patient', id: 'p2' },
      },
      {
        resource: {
          resourceType: 'Practitioner',
          id: 'dr1',
          identifier: [{ system: NPI, value: '111' }],
        },
      },
      {
        resource: {
          resourceType: 'Practitioner',
          id: 'dr2',
          identifier: [{ system: NPI, value: '222' }],
        },
      },
      {
        resource: {
          resourceType: 'Practitioner',
          id: 'dr3',
          identifier: [{ system: NPI, value: '222' }],
        },
      },
      {
        resource: {
          resourceType: 'Organization',
          id: 'o1',
          identifier: [{ system: NPI, value: '111' }],
        },
      },
      {
        fullUrl: 'http://ehr.example/fhir/MedicationRequest/m1',
        resource: {
          resourceType: 'MedicationRequest',
          id: 'm1',
          contained: [{ resourceType: 'Medication', id: 'med' }],
        },
      },
      { resource: { resourceType: 'Group', id: 'g1' } },
    ],
  });
  const index = new ReferenceIndex(entries);
  return { index, entries, byKey: (key) => entries.find((entry) => entry.key === key)! };
}

describe('ReferenceIndex', () => {
  const { index, byKey } = setup();
  const from = byKey('MedicationRequest/m1');
  const resolved = (value: unknown, allowed?: string[]) => {
    const outcome = index.resolve(value, from, allowed);
    return outcome.kind === 'resolved' ? outcome.entry.key : outcome.kind;
  };

  it('resolves Type/id, _history versions, absolute URLs and urn:uuid fullUrls', () => {
    expect(resolved({ reference: 'Patient/aaa' })).toBe('Patient/aaa');
    expect(resolved({ reference: 'Patient/aaa/_history/3' })).toBe('Patient/aaa');
    expect(resolved({ reference: 'urn:uuid:aaa' })).toBe('Patient/aaa');
    expect(resolved({ reference: 'http://ehr.example/fhir/Patient/p2' })).toBe('Patient/p2');
    expect(resolved({ reference: 'https://elsewhere.example/Patient/p2' })).toBe('Patient/p2');
  });

  it('resolves conditional and logical references by identifier, narrowed by type', () => {
    expect(resolved({ reference: `Practitioner?identifier=${NPI}|111` })).toBe('Practitioner/dr1');
    expect(resolved({ identifier: { system: NPI, value: '111' } }, ['Practitioner'])).toBe(
      'Practitioner/dr1',
    );
    expect(resolved({ identifier: { system: NPI, value: '111' } })).toBe('AMBIGUOUS');
    expect(resolved({ type: 'Organization', identifier: { system: NPI, value: '111' } })).toBe(
      'Organization/o1',
    );
  });

  it('resolves #id within the container', () => {
    expect(resolved({ reference: '#med' })).toBe('MedicationRequest/m1#med');
    expect(resolved({ reference: '#other' })).toBe('UNRESOLVED');
  });

  it('reports each kind of failure with a reason', () => {
    const outcome = (value: unknown, allowed?: string[]) => index.resolve(value, from, allowed);
    expect(outcome({ reference: 'Patient/nobody' })).toMatchObject({
      kind: 'UNRESOLVED',
      reference: 'Patient/nobody',
    });
    expect(outcome({ reference: `Practitioner?identifier=${NPI}|222` })).toMatchObject({
      kind: 'AMBIGUOUS',
      reason: expect.stringContaining('2 resources'),
    });
    expect(
      outcome({ reference: 'Patient/aaa', identifier: { system: NPI, value: '111' } }, [
        'Patient',
        'Practitioner',
      ]),
    ).toMatchObject({
      kind: 'CONFLICTING',
    });
    expect(outcome({ reference: 'Patient/aaa', type: 'Practitioner' })).toMatchObject({
      kind: 'CONFLICTING',
    });
    expect(outcome({ reference: 'Patient?name=smith' })).toMatchObject({ kind: 'UNSUPPORTED' });
    expect(outcome({ reference: 'not a reference' })).toMatchObject({ kind: 'UNSUPPORTED' });
    expect(outcome({ reference: 'Group/g1' }, ['Patient'])).toMatchObject({
      kind: 'UNSUPPORTED',
      reason: expect.stringContaining('Group'),
    });
    expect(outcome({ display: 'Dr. Somebody' })).toMatchObject({ kind: 'UNRESOLVED' });
    expect(outcome(undefined)).toEqual({ kind: 'absent' });
  });
});
