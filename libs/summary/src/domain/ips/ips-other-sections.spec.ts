import { describe, expect, it } from 'vitest';
import type { ResourceEntry } from '../fhir/fhir-input.js';
import type { FhirResource } from '../fhir/fhir-resource.js';
import { ReferenceIndex } from '../fhir/reference-index.js';
import { buildSections, IPS_OTHER_SECTIONS } from './ips-sections.js';

const subject = { reference: 'Patient/p1' };
const loinc = (code: string, display: string) => ({
  coding: [{ system: 'http://loinc.org', code, display }],
});
const category = (code: string) => [{ coding: [{ code }] }];

function itemsBySection(...resources: FhirResource[]): Record<string, string[]> {
  const list: ResourceEntry[] = resources.map((resource) => ({ resource, fullUrl: null }));
  const sections = buildSections(
    list,
    { references: new ReferenceIndex(list) },
    IPS_OTHER_SECTIONS,
  );
  return Object.fromEntries(
    sections.map((section) => [section.definition.title, section.items.map((item) => item.text)]),
  );
}

describe('the IPS IG sections beyond the six of the spec', () => {
  it('have the LOINC codes of the IPS IG', () => {
    expect(IPS_OTHER_SECTIONS.map((section) => [section.title, section.loincCode])).toEqual([
      ['Results', '30954-2'],
      ['Medical Devices', '46264-8'],
      ['History of Past Illness', '11348-0'],
      ['Functional Status', '47420-5'],
      ['Plan of Care', '18776-5'],
      ['Social History', '29762-2'],
      ['Pregnancy', '10162-6'],
      ['Advance Directives', '42348-3'],
    ]);
  });

  it('sort each kind of record into its section and leave the rest out', () => {
    const items = itemsBySection(
      {
        resourceType: 'Observation',
        status: 'final',
        subject,
        category: category('laboratory'),
        code: loinc('2345-7', 'Glucose'),
        valueQuantity: { value: 5.4, unit: 'mmol/L' },
      },
      {
        resourceType: 'Observation',
        status: 'final',
        subject,
        category: category('vital-signs'),
        code: loinc('29463-7', 'Body weight'),
        valueQuantity: { value: 70, unit: 'kg' },
      },
      {
        resourceType: 'DiagnosticReport',
        status: 'final',
        subject,
        category: [{ coding: [{ code: 'LAB' }] }],
        code: { text: 'Lipid panel' },
      },
      {
        resourceType: 'DiagnosticReport',
        status: 'final',
        subject,
        category: [{ coding: [{ code: '34117-2' }] }],
        code: { text: 'History and physical note' },
      },
      {
        resourceType: 'Device',
        id: 'd1',
        deviceName: [{ name: 'Insulin pump', type: 'user-friendly-name' }],
      },
      {
        resourceType: 'DeviceUseStatement',
        status: 'active',
        subject,
        device: { reference: 'Device/d1' },
      },
      {
        resourceType: 'Condition',
        subject,
        code: { text: 'Fractured wrist' },
        clinicalStatus: { coding: [{ code: 'resolved' }] },
      },
      {
        resourceType: 'Condition',
        subject,
        code: { text: 'Asthma' },
        clinicalStatus: { coding: [{ code: 'active' }] },
      },
      {
        resourceType: 'ClinicalImpression',
        status: 'completed',
        subject,
        description: 'Walks unaided',
      },
      {
        resourceType: 'CarePlan',
        status: 'active',
        intent: 'plan',
        subject,
        title: 'Diabetes plan',
      },
      { resourceType: 'CarePlan', status: 'completed', intent: 'plan', subject, title: 'Old plan' },
      {
        resourceType: 'Observation',
        status: 'final',
        subject,
        code: loinc('72166-2', 'Tobacco smoking status'),
        valueCodeableConcept: { text: 'Never smoker' },
      },
      {
        resourceType: 'Observation',
        status: 'final',
        subject,
        category: category('social-history'),
        code: loinc('82810-3', 'Pregnancy status'),
        valueCodeableConcept: { text: 'Pregnant' },
      },
      {
        resourceType: 'Consent',
        status: 'active',
        patient: subject,
        scope: { text: 'Advance directive' },
        category: [{ text: 'Do not resuscitate' }],
      },
      {
        resourceType: 'Consent',
        status: 'rejected',
        patient: subject,
        scope: { text: 'x' },
        category: [{ text: 'Rejected consent' }],
      },
    );
    expect(items).toEqual({
      Results: ['Glucose', 'Lipid panel'],
      'Medical Devices': ['Insulin pump'],
      'History of Past Illness': ['Fractured wrist'],
      'Functional Status': ['Walks unaided'],
      'Plan of Care': ['Diabetes plan'],
      'Social History': ['Tobacco smoking status'],
      Pregnancy: ['Pregnancy status'],
      'Advance Directives': ['Do not resuscitate'],
    });
  });
});
