import { describe, expect, it } from 'vitest';
import { deriveTemplate, GENERATED_ID_SYSTEM } from './derive-template.js';
import { fallbackResource } from './fallback.js';
import { finalizeTemplate } from './finalize-template.js';

describe('templates from built resources', () => {
  it('turns sample values into placeholders: whole values, words inside texts, numbers and dates with a time', () => {
    const template = deriveTemplate(
      {
        resourceType: 'Observation',
        id: 'built-1',
        meta: { lastUpdated: '2025-01-01T00:00:00Z' },
        text: { status: 'generated', div: '<div>glucose 250 mg/dL</div>' },
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '2345-7', display: 'Glucose' }] },
        valueQuantity: { value: 250, unit: 'mg/dL' },
        effectiveDateTime: '2024-05-01T08:00:00Z',
        note: [{ text: 'Taken fasting at Clinic North, fasting' }],
      },
      [
        { field: 'glucose', value: 250 },
        { field: 'unit', value: 'mg/dL' },
        { field: 'taken_on', value: '2024-05-01' },
        { field: 'site', value: 'Clinic North' },
        { field: 'flag', value: 'H' },
      ],
    );
    expect(template).toEqual({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '2345-7', display: 'Glucose' }] },
      valueQuantity: { value: '{{glucose}}', unit: '{{unit}}' },
      effectiveDateTime: '{{taken_on}}T08:00:00Z',
      note: [{ text: 'Taken fasting at {{site}}, fasting' }],
    });
  });

  it('drops what named the sample code, or was looked up from the sample text', () => {
    const template = deriveTemplate(
      {
        resourceType: 'Condition',
        code: {
          coding: [
            {
              system: 'http://hl7.org/fhir/sid/icd-10-cm',
              code: 'I10',
              display: 'Essential hypertension',
            },
          ],
        },
        bodySite: [
          {
            coding: [{ system: 'http://snomed.info/sct', code: '368209003', display: 'Right arm' }],
            text: 'right arm',
          },
        ],
      },
      [
        { field: 'code', value: 'I10' },
        { field: 'site', value: 'right arm' },
      ],
    );
    expect(template).toEqual({
      resourceType: 'Condition',
      code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: '{{code}}' }] },
      bodySite: [{ text: '{{site}}' }],
    });
  });

  it('leaves out identifiers lang2fhir generated for one resource', () => {
    const template = deriveTemplate(
      {
        resourceType: 'Patient',
        identifier: [{ system: GENERATED_ID_SYSTEM, value: 'c0ffee' }],
        name: [{ family: 'Lee', given: ['Ann'] }],
      },
      [
        { field: 'last', value: 'Lee' },
        { field: 'first', value: 'Ann' },
      ],
    );
    expect(template).toEqual({
      resourceType: 'Patient',
      name: [{ family: '{{last}}', given: ['{{first}}'] }],
    });
  });

  it('completes the built resource with the skeleton: links and input-free elements give way, missing items are added, built ones with input stay', () => {
    const template = finalizeTemplate(
      {
        resourceType: 'Patient',
        identifier: [{ value: '{{mrn}}' }],
        name: [{ family: '{{last}}', given: ['{{first}}'] }],
        birthDate: '{{dob}}',
        managingOrganization: { reference: 'Organization/{{org_id}}' },
        telecom: [
          { system: 'phone', value: '{{phone}}' },
          { system: 'email', value: '{{email}}' },
        ],
      },
      {
        resourceType: 'Patient',
        identifier: [{ system: 'urn:example:passport', value: 'X1' }],
        name: [{ use: 'official', family: 'Lee', given: ['Ann'] }],
        telecom: [{ system: 'phone', value: '555-0100' }],
        birthDate: '1980-01-02',
        managingOrganization: { display: 'Somewhere' },
      },
      [
        { field: 'mrn', value: 'MRN-9' },
        { field: 'last', value: 'Lee' },
        { field: 'first', value: 'Ann' },
        { field: 'dob', value: '1980-01-02' },
        { field: 'phone', value: '555-0100' },
      ],
    );
    expect(template).toEqual({
      resourceType: 'Patient',
      identifier: [{ value: '{{mrn}}' }],
      name: [{ use: 'official', family: '{{last}}', given: ['{{first}}'] }],
      birthDate: '{{dob}}',
      managingOrganization: { reference: 'Organization/{{org_id}}' },
      // The phone came from the text; the email it lacked is added.
      telecom: [
        { system: 'phone', value: '{{phone}}' },
        { system: 'email', value: '{{email}}' },
      ],
    });
  });

  it('drops what lang2fhir set to the time of the build, and interpretations of the sample value', () => {
    const template = deriveTemplate(
      {
        resourceType: 'Observation',
        issued: '2025-03-10T12:00:00Z',
        valueQuantity: { value: 250, unit: 'mg/dL' },
        interpretation: [{ coding: [{ code: 'H' }] }],
        component: [{ valueQuantity: { value: 7 }, interpretation: [{ text: 'normal' }] }],
      },
      [{ field: 'glucose', value: 250 }],
      [
        { path: 'issued', method: 'default:now' },
        { path: 'valueQuantity', method: 'pattern:quantity' },
      ],
    );
    expect(template).toEqual({
      resourceType: 'Observation',
      valueQuantity: { value: '{{glucose}}', unit: 'mg/dL' },
      // Not computed from an input value: it stays.
      component: [{ valueQuantity: { value: 7 }, interpretation: [{ text: 'normal' }] }],
    });
  });

  it('makes a resource from the fields when lang2fhir finds nothing to build (a bare code)', () => {
    expect(
      fallbackResource('Condition', [
        { field: 'diagnosis_code', value: 'I10' },
        { field: 'diagnosis_name', value: 'Hypertension' },
      ]),
    ).toEqual({
      resourceType: 'Condition',
      clinicalStatus: {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' },
        ],
      },
      code: {
        coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: '{{diagnosis_code}}' }],
        text: '{{diagnosis_name}}',
      },
    });
    expect(
      fallbackResource('Observation', [
        { field: 'loinc_code', value: '2345-7' },
        { field: 'result', value: 98 },
        { field: 'unit', value: 'mg/dL' },
      ]),
    ).toEqual({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '{{loinc_code}}' }] },
      valueQuantity: { value: '{{result}}', unit: '{{unit}}' },
    });
    expect(fallbackResource('Flag', [{ field: 'code', value: 'X' }])).toBeNull();
    expect(fallbackResource('Condition', [{ field: 'count', value: 3 }])).toBeNull();
  });
});
