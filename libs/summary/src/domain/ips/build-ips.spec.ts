import { describe, expect, it } from 'vitest';
import { readFhirInput } from '../fhir/fhir-input.js';
import { buildInternationalPatientSummary } from './build-ips.js';
import type { FhirResource } from '../fhir/fhir-resource.js';

const patient: FhirResource = {
  resourceType: 'Patient',
  id: 'p1',
  identifier: [{ system: 'urn:mrn', value: 'MRN-1' }],
  name: [{ given: ['Ann'], family: 'Ames' }],
};

const otherPatientCondition: FhirResource = {
  resourceType: 'Condition',
  clinicalStatus: { coding: [{ code: 'active' }] },
  code: { text: 'Someone else’s problem' },
  subject: { reference: 'Patient/p2' },
};

function bundleOf(...resources: FhirResource[]): FhirResource {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: resources.map((resource) => ({
      resource,
      ...(resource.id ? { fullUrl: `urn:uuid:${resource.id}` } : {}),
    })),
  };
}

const subject = { reference: 'Patient/p1' };

const bundle = bundleOf(
  patient,
  {
    resourceType: 'AllergyIntolerance',
    id: 'a1',
    patient: subject,
    code: { text: 'Penicillin' },
    criticality: 'high',
    reaction: [{ manifestation: [{ text: 'Hives' }] }],
  },
  {
    resourceType: 'Condition',
    id: 'c1',
    subject,
    code: { text: 'Asthma' },
    clinicalStatus: { coding: [{ code: 'active' }] },
    onsetDateTime: '2001-02-03',
  },
  otherPatientCondition,
  { resourceType: 'Medication', id: 'm1', code: { text: 'Salbutamol inhaler' } },
  {
    resourceType: 'MedicationStatement',
    id: 's1',
    subject,
    status: 'active',
    medicationReference: { reference: 'Medication/m1' },
    dosage: [{ text: '2 puffs as needed' }],
  },
);

let next = 0;
const options = { now: new Date('2025-01-01T00:00:00Z'), newId: () => `id-${++next}` };

describe('building the International Patient Summary', () => {
  const ips = buildInternationalPatientSummary(readFhirInput(bundle), options);

  it('writes the plain-text format of the API notes', () => {
    expect(ips.text).toBe(
      [
        'International Patient Summary for Ann Ames',
        'Allergies and Intolerances\n- Penicillin (criticality: high; reactions: Hives)',
        'Medications\n- Salbutamol inhaler (status: active; dosage: 2 puffs as needed)',
        'Problems\n- Asthma (status: active; since: 2001-02-03)',
        'Immunizations\nNone documented',
        'Procedures\nNone documented',
        'Vital Signs\nNone documented',
      ].join('\n\n'),
    );
  });

  it('leaves out what belongs to another patient', () => {
    expect(ips.text).not.toContain('Someone else');
  });

  it('builds a document Bundle whose Composition sections carry the same lines and point at the resources', () => {
    const bundleOut = ips.bundle as unknown as {
      type: string;
      entry: { fullUrl: string; resource: Record<string, unknown> }[];
    };
    expect(bundleOut.type).toBe('document');
    const composition = bundleOut.entry[0].resource as {
      resourceType: string;
      subject: { reference: string };
      section: {
        title: string;
        code: { coding: { code: string }[] };
        text: { div: string };
        entry?: { reference: string }[];
        emptyReason?: unknown;
      }[];
    };
    expect(composition.resourceType).toBe('Composition');
    expect(composition.subject.reference).toBe('urn:uuid:p1');
    const allergies = composition.section[0];
    expect(allergies.code.coding[0].code).toBe('48765-2');
    expect(allergies.text.div).toBe(
      '<div xmlns="http://www.w3.org/1999/xhtml"><ul><li>Penicillin (criticality: high; reactions: Hives)</li></ul></div>',
    );
    expect(allergies.entry).toEqual([{ reference: 'urn:uuid:a1' }]);
    expect(composition.section[3]).toMatchObject({
      title: 'Immunizations',
      emptyReason: { coding: [{ code: 'unavailable' }] },
    });
    const fullUrls = bundleOut.entry.map((entry) => entry.fullUrl);
    for (const section of composition.section) {
      for (const reference of section.entry ?? []) expect(fullUrls).toContain(reference.reference);
    }
    expect(bundleOut.entry.map((entry) => entry.resource.resourceType)).toEqual([
      'Composition',
      'Patient',
      'AllergyIntolerance',
      'MedicationStatement',
      'Medication',
      'Condition',
      'Device',
    ]);
  });

  it('gives no Bundle unless asked', () => {
    expect(buildInternationalPatientSummary(readFhirInput(bundle), null).bundle).toBeNull();
  });
});
