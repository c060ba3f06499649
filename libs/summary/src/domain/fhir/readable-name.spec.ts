import { describe, expect, it } from 'vitest';
import { describeReference, readableName } from './readable-name.js';
import { ReferenceIndex } from './reference-index.js';

describe('readable names of resources', () => {
  it('names people, organisations, encounters and coded resources', () => {
    expect(
      readableName({ resourceType: 'Patient', name: [{ given: ['Ada'], family: 'King' }] }),
    ).toBe('Ada King');
    expect(readableName({ resourceType: 'Organization', name: 'General Hospital' })).toBe(
      'General Hospital',
    );
    expect(
      readableName({
        resourceType: 'Encounter',
        type: [{ text: 'Check-up' }],
        period: { start: '2020-02-03T10:00:00+01:00' },
      }),
    ).toBe('Check-up on 2020-02-03');
    expect(
      readableName({
        resourceType: 'Immunization',
        vaccineCode: { coding: [{ display: 'Influenza' }] },
      }),
    ).toBe('Influenza');
    expect(readableName({ resourceType: 'Provenance', id: 'x1' })).toBe('Provenance/x1');
  });

  it('names a PractitionerRole by its practitioner and role', () => {
    const practitioner = { resourceType: 'Practitioner', id: 'd1', name: [{ family: 'House' }] };
    const role = {
      resourceType: 'PractitionerRole',
      practitioner: { reference: 'Practitioner/d1' },
      code: [{ text: 'Physician' }],
    };
    const index = new ReferenceIndex([{ resource: practitioner, fullUrl: null }]);
    expect(readableName(role, index)).toBe('House (Physician)');
  });

  it('describes a reference by its target, else its display, else its text', () => {
    const index = new ReferenceIndex([
      {
        resource: { resourceType: 'Patient', id: 'p1', name: [{ family: 'King' }] },
        fullUrl: null,
      },
    ]);
    expect(describeReference({ reference: 'Patient/p1', display: 'stale' }, index)).toBe('King');
    expect(describeReference({ reference: 'Patient/p2', display: 'Someone' }, index)).toBe(
      'Someone',
    );
    expect(describeReference({ reference: 'Patient/p2' }, index)).toBe('Patient/p2');
  });
});
