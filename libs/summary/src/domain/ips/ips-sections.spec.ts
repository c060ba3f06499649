import { describe, expect, it } from 'vitest';
import type { ResourceEntry } from '../fhir/fhir-input.js';
import type { FhirResource } from '../fhir/fhir-resource.js';
import { ReferenceIndex } from '../fhir/reference-index.js';
import { buildSections, IPS_SECTIONS } from './ips-sections.js';

const subject = { reference: 'Patient/p1' };

const status = (code: string) => ({ coding: [{ code }] });
const entries = (...resources: FhirResource[]): ResourceEntry[] =>
  resources.map((resource) => ({ resource, fullUrl: null }));

function sectionTexts(...resources: FhirResource[]): Record<string, string[]> {
  const list = entries(...resources);
  const sections = buildSections(list, { references: new ReferenceIndex(list) });
  return Object.fromEntries(
    sections.map((section) => [section.definition.title, section.items.map((item) => item.text)]),
  );
}

describe('IPS sections and their inclusion rules', () => {
  it('are the six IPS sections with their HL7 IPS LOINC codes', () => {
    expect(IPS_SECTIONS.map((section) => [section.title, section.loincCode])).toEqual([
      ['Allergies and Intolerances', '48765-2'],
      ['Medications', '10160-0'],
      ['Problems', '11450-4'],
      ['Immunizations', '11369-6'],
      ['Procedures', '47519-4'],
      ['Vital Signs', '8716-3'],
    ]);
  });

  it('keep current allergies only', () => {
    const texts = sectionTexts(
      {
        resourceType: 'AllergyIntolerance',
        patient: subject,
        code: { text: 'Peanut' },
        clinicalStatus: status('active'),
      },
      {
        resourceType: 'AllergyIntolerance',
        patient: subject,
        code: { text: 'Latex' },
        clinicalStatus: status('resolved'),
      },
      {
        resourceType: 'AllergyIntolerance',
        patient: subject,
        code: { text: 'Cat' },
        verificationStatus: status('refuted'),
      },
      {
        resourceType: 'AllergyIntolerance',
        patient: subject,
        code: { text: 'Dust' },
        verificationStatus: status('entered-in-error'),
      },
    );
    expect(texts['Allergies and Intolerances']).toEqual(['Peanut']);
  });

  it('keep active problems and current medications, with the medication resolved by reference', () => {
    const medication = { resourceType: 'Medication', id: 'm1', code: { text: 'Metformin 500 mg' } };
    const texts = sectionTexts(
      medication,
      {
        resourceType: 'Condition',
        subject,
        code: { text: 'Diabetes' },
        clinicalStatus: status('active'),
      },
      {
        resourceType: 'Condition',
        subject,
        code: { text: 'Flu' },
        clinicalStatus: status('resolved'),
      },
      {
        resourceType: 'Condition',
        subject,
        code: { text: 'Cancer' },
        clinicalStatus: status('remission'),
      },
      {
        resourceType: 'Condition',
        subject,
        code: { text: 'Old cold' },
        abatementDateTime: '2010-01-01',
      },
      {
        resourceType: 'MedicationStatement',
        subject,
        status: 'active',
        medicationReference: { reference: 'Medication/m1' },
      },
      {
        resourceType: 'MedicationRequest',
        subject,
        status: 'stopped',
        intent: 'order',
        medicationCodeableConcept: { text: 'Old drug' },
      },
      {
        resourceType: 'MedicationRequest',
        subject,
        status: 'active',
        intent: 'order',
        medicationCodeableConcept: { text: 'Lisinopril' },
      },
    );
    expect(texts.Problems).toEqual(['Diabetes']);
    expect(texts.Medications).toEqual(['Metformin 500 mg', 'Lisinopril']);
  });

  it('keep immunizations and procedures that happened, most recent first', () => {
    const texts = sectionTexts(
      {
        resourceType: 'Immunization',
        patient: subject,
        status: 'completed',
        vaccineCode: { text: 'Flu 2019' },
        occurrenceDateTime: '2019-10-01',
      },
      {
        resourceType: 'Immunization',
        patient: subject,
        status: 'completed',
        vaccineCode: { text: 'Flu 2021' },
        occurrenceDateTime: '2021-10-01',
      },
      {
        resourceType: 'Immunization',
        patient: subject,
        status: 'not-done',
        vaccineCode: { text: 'Refused' },
        occurrenceDateTime: '2022-10-01',
      },
      {
        resourceType: 'Procedure',
        subject,
        status: 'completed',
        code: { text: 'Appendectomy' },
        performedPeriod: { start: '2000-01-01' },
      },
      { resourceType: 'Procedure', subject, status: 'entered-in-error', code: { text: 'Mistake' } },
    );
    expect(texts.Immunizations).toEqual(['Flu 2021', 'Flu 2019']);
    expect(texts.Procedures).toEqual(['Appendectomy']);
  });

  it('keep the latest value of each vital sign, recognised by category or LOINC code', () => {
    const weight = (
      value: number,
      date: string,
      extra: Partial<FhirResource> = {},
    ): FhirResource => ({
      resourceType: 'Observation',
      status: 'final',
      subject,
      code: { coding: [{ system: 'http://loinc.org', code: '29463-7', display: 'Body weight' }] },
      valueQuantity: { value, unit: 'kg' },
      effectiveDateTime: date,
      ...extra,
    });
    const list = entries(
      weight(70, '2020-01-01'),
      weight(72, '2023-01-01'),
      weight(99, '2024-01-01', { status: 'entered-in-error' }),
      {
        resourceType: 'Observation',
        status: 'final',
        subject,
        category: [{ coding: [{ code: 'vital-signs' }] }],
        code: { text: 'Heart rate' },
        valueQuantity: { value: 60, unit: '/min' },
      },
      {
        resourceType: 'Observation',
        status: 'final',
        subject,
        code: { text: 'Cholesterol' },
        valueQuantity: { value: 5, unit: 'mmol/L' },
      },
    );
    const vitals = buildSections(list, { references: new ReferenceIndex(list) })[5];
    expect(vitals.items.map((item) => [item.text, item.details])).toEqual([
      ['Body weight', ['value: 72 kg', 'date: 2023-01-01']],
      ['Heart rate', ['value: 60 /min']],
    ]);
  });
});
