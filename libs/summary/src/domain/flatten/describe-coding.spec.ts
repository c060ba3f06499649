import { describe, expect, it } from 'vitest';
import { describeCodeableConcept, describeCoding } from './describe-coding.js';

describe('coded meanings with code and system', () => {
  it('names well-known systems and keeps the URL', () => {
    expect(
      describeCoding({
        system: 'http://snomed.info/sct',
        code: '38341003',
        display: 'Hypertension',
      }),
    ).toBe('Hypertension [SNOMED CT code 38341003, system http://snomed.info/sct]');
    expect(describeCoding({ system: 'urn:local', code: 'X1' })).toBe(
      'X1 [code X1, system urn:local]',
    );
  });

  it('lists every coding and keeps a differing text', () => {
    expect(
      describeCodeableConcept({
        text: 'High blood pressure',
        coding: [
          { system: 'http://snomed.info/sct', code: '38341003', display: 'Hypertension' },
          { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'I10' },
        ],
      }),
    ).toBe(
      'High blood pressure: Hypertension [SNOMED CT code 38341003, system http://snomed.info/sct]; I10 [ICD-10-CM code I10, system http://hl7.org/fhir/sid/icd-10-cm]',
    );
    expect(describeCodeableConcept({ text: 'Free text only' })).toBe('Free text only');
  });
});
