import { describe, expect, it } from 'vitest';
import { conformResource } from './conform-resource.js';

describe('conforming a tolerated resource for output', () => {
  it('removes what R4 validation flags and leaves the input unchanged', async () => {
    const patient = {
      resourceType: 'Patient',
      id: 'p',
      name: [{ family: 'Okafor' }, {}],
      communication: [{ preferred: true }],
      gender: 7,
      nickname: 'Ada',
      birthDate: '1970-02-03',
    };
    const before = structuredClone(patient);
    const conformed = await conformResource(patient);
    expect(conformed.resource).toEqual({
      resourceType: 'Patient',
      id: 'p',
      name: [{ family: 'Okafor' }],
      birthDate: '1970-02-03',
    });
    expect(conformed.removed.map((finding) => finding.path).sort()).toEqual([
      'Patient.communication[0].language',
      'Patient.gender',
      'Patient.name[1]',
      'Patient.nickname',
    ]);
    expect(conformed.remaining).toEqual([]);
    expect(patient).toEqual(before);
  });

  it('removes a choice value of the wrong type, and reports what it cannot fix', async () => {
    const conformed = await conformResource({
      resourceType: 'Observation',
      code: { text: 'Weight' },
      valueQuantity: { value: 'heavy' },
    });
    expect(conformed.resource).toEqual({ resourceType: 'Observation', code: { text: 'Weight' } });
    expect(conformed.remaining).toEqual([
      { path: 'Observation.status', problem: 'Missing required property' },
    ]);
  });

  it('gives a valid resource back as it is', async () => {
    const condition = { resourceType: 'Condition', subject: { reference: 'Patient/p' } };
    expect(await conformResource(condition)).toEqual({
      resource: condition,
      removed: [],
      remaining: [],
    });
  });
});
