import { describe, expect, it } from 'vitest';
import type { Bundle, Resource } from '@app/fhir';
import {
  planFixups,
  referenceFromLocation,
  storedReferences,
  urnReferences,
  withResources,
} from './reference-fixups.js';

const PATIENT = 'urn:uuid:11111111-1111-4111-8111-111111111111';
const ENCOUNTER = 'urn:uuid:22222222-2222-4222-8222-222222222222';

const request: Bundle = {
  resourceType: 'Bundle',
  type: 'transaction',
  entry: [
    {
      fullUrl: PATIENT,
      resource: { resourceType: 'Patient' },
      request: { method: 'POST', url: 'Patient' },
    },
    {
      fullUrl: ENCOUNTER,
      resource: { resourceType: 'Encounter', status: 'finished', class: { code: 'AMB' } },
      request: { method: 'POST', url: 'Encounter' },
    },
    {
      fullUrl: 'urn:uuid:33333333-3333-4333-8333-333333333333',
      resource: { resourceType: 'Condition', subject: { reference: PATIENT } },
      request: { method: 'POST', url: 'Condition' },
    },
  ],
};

describe('reference fix-ups', () => {
  it('reads Type/id from relative and absolute locations', () => {
    expect(referenceFromLocation('Patient/p1/_history/1')).toBe('Patient/p1');
    expect(referenceFromLocation('https://ehr.example/fhir/Condition/c-9')).toBe('Condition/c-9');
    expect(referenceFromLocation(undefined)).toBeUndefined();
  });

  it('maps each fullUrl to where the server stored it and plans PUTs for what still holds a urn:uuid', () => {
    const stored: Resource[] = [
      { resourceType: 'Patient', id: 'p1' },
      {
        resourceType: 'Encounter',
        id: 'e1',
        status: 'finished',
        class: { code: 'AMB' },
        subject: { reference: PATIENT },
      },
      {
        resourceType: 'Condition',
        id: 'c1',
        subject: { reference: PATIENT },
        encounter: { reference: ENCOUNTER },
        evidence: [{ detail: [{ reference: 'urn:uuid:99999999-9999-4999-8999-999999999999' }] }],
      },
    ];
    const response: Bundle = {
      resourceType: 'Bundle',
      type: 'transaction-response',
      entry: [
        { response: { status: '201 Created', location: 'Patient/p1/_history/1' } },
        { response: { status: '201 Created', location: 'Encounter/e1/_history/1' } },
        { resource: stored[2], response: { status: '201 Created' } },
      ],
    };
    const locations = storedReferences(request, response);
    expect([...locations]).toEqual([
      [PATIENT, 'Patient/p1'],
      [ENCOUNTER, 'Encounter/e1'],
      ['urn:uuid:33333333-3333-4333-8333-333333333333', 'Condition/c1'],
    ]);
    const plan = planFixups(stored, locations);
    expect(plan.updates.map((resource) => `${resource.resourceType}/${resource.id}`)).toEqual([
      'Encounter/e1',
      'Condition/c1',
    ]);
    expect(urnReferences(plan.updates[1])).toEqual([
      'urn:uuid:99999999-9999-4999-8999-999999999999',
    ]);
    expect((plan.updates[1] as { subject: { reference: string } }).subject.reference).toBe(
      'Patient/p1',
    );
    expect(plan.dangling).toEqual(['urn:uuid:99999999-9999-4999-8999-999999999999']);
    // The input is left as it was.
    expect((stored[2] as { subject: { reference: string } }).subject.reference).toBe(PATIENT);
    const merged = withResources(response, plan.updates);
    expect(
      (merged.entry?.[2].resource as { subject: { reference: string } }).subject.reference,
    ).toBe('Patient/p1');
    expect(merged.entry?.[1].resource?.id).toBe('e1');
  });

  it('plans nothing when the server resolved every reference', () => {
    const stored: Resource[] = [
      { resourceType: 'Condition', id: 'c1', subject: { reference: 'Patient/p1' } },
    ];
    expect(planFixups(stored, new Map([[PATIENT, 'Patient/p1']]))).toEqual({
      updates: [],
      dangling: [],
    });
  });
});
