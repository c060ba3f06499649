import { describe, expect, it } from 'vitest';
import { readFhirInput } from '../fhir/fhir-input.js';
import { ReferenceIndex } from '../fhir/reference-index.js';
import { flattenResources } from './flatten-resources.js';

const bundle = {
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    {
      fullUrl: 'urn:uuid:p',
      resource: {
        resourceType: 'Patient',
        id: 'p',
        name: [{ given: ['Ann'], family: 'Ames' }],
        gender: 'female',
      },
    },
    {
      fullUrl: 'urn:uuid:e',
      resource: {
        resourceType: 'Encounter',
        id: 'e',
        status: 'finished',
        class: { code: 'AMB' },
        type: [{ text: 'Check-up' }],
        subject: { reference: 'urn:uuid:p' },
        period: { start: '2024-05-01T09:00:00Z' },
      },
    },
    {
      resource: {
        resourceType: 'Observation',
        id: 'o',
        status: 'final',
        code: {
          coding: [
            { system: 'http://loinc.org', code: '85354-9', display: 'Blood pressure panel' },
          ],
        },
        subject: { reference: 'Patient/p' },
        encounter: { reference: 'Encounter/e' },
        effectiveDateTime: '2024-05-01T09:10:00Z',
        component: [
          {
            code: {
              coding: [
                { system: 'http://loinc.org', code: '8480-6', display: 'Systolic blood pressure' },
              ],
            },
            valueQuantity: { value: 120, unit: 'mmHg' },
          },
        ],
        text: {
          status: 'generated',
          div: '<div xmlns="http://www.w3.org/1999/xhtml">narrative</div>',
        },
      },
    },
  ],
};

const input = readFhirInput(bundle);
const flattened = await flattenResources(input.entries, new ReferenceIndex(input.entries));

describe('flatten mode', () => {
  const observation = flattened[2];

  it('starts every line with what the resource is, its name and whose it is', () => {
    for (const line of observation.lines) {
      expect(line.startsWith('Observation "Blood pressure panel" of patient Ann Ames: ')).toBe(
        true,
      );
    }
    expect(observation.lines[0]).toBe(
      'Observation "Blood pressure panel" of patient Ann Ames: resource Observation/o',
    );
  });

  it('gives codes with code and system, values with units, dates and status', () => {
    const facts = observation.lines.map((line) => line.slice(line.indexOf(': ') + 2));
    expect(facts).toContain('status final');
    expect(facts).toContain(
      'code Blood pressure panel [LOINC code 85354-9, system http://loinc.org]',
    );
    expect(facts).toContain('effective 2024-05-01T09:10:00Z');
    expect(facts).toContain(
      'component code: Systolic blood pressure [LOINC code 8480-6, system http://loinc.org]; value: 120 mmHg',
    );
  });

  it('resolves the patient and encounter references to readable names', () => {
    const facts = observation.lines.map((line) => line.slice(line.indexOf(': ') + 2));
    expect(facts).toContain('subject Ann Ames (Patient/p)');
    expect(facts).toContain('encounter Check-up on 2024-05-01 (Encounter/e)');
  });

  it('leaves the narrative out and keeps ids and fullUrls', () => {
    expect(observation.lines.join('\n')).not.toContain('narrative');
    expect(flattened[0]).toMatchObject({
      resourceType: 'Patient',
      id: 'p',
      fullUrl: 'urn:uuid:p',
      label: 'Ann Ames',
    });
    expect(flattened[1].lines[0]).toBe(
      'Encounter "Check-up on 2024-05-01" of patient Ann Ames: resource Encounter/e (urn:uuid:e)',
    );
  });
});

describe('flattening many resources', () => {
  const many = readFhirInput({
    resourceType: 'Bundle',
    type: 'collection',
    entry: Array.from({ length: 3_000 }, (_, index) => ({
      resource: {
        resourceType: 'Observation',
        id: `o${index}`,
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
        valueQuantity: { value: 60 + (index % 40), unit: '/min' },
      },
    })),
  });

  it('lets other callbacks run before it finishes, and keeps every resource in order', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other callback'));
    const done = flattenResources(many.entries, new ReferenceIndex(many.entries)).then(
      (resources) => {
        order.push('flatten done');
        return resources;
      },
    );
    order.push('flatten started');
    const resources = await done;
    expect(order).toEqual(['flatten started', 'other callback', 'flatten done']);
    expect(resources.map((resource) => resource.id)).toEqual(
      many.entries.map((entry) => entry.resource.id),
    );
  });
});
