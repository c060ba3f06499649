import { describe, expect, it } from 'vitest';
import { readSystemName } from './system-name.js';

const nameOf = (raw: string) => {
  const reading = readSystemName(raw);
  return reading.ok ? reading.name : `refused: ${reading.problem}`;
};

describe('code system names', () => {
  it.each([
    ['icd-10-cm', 'ICD-10-CM'],
    ['ICD\u201010\u2010CM', 'ICD-10-CM'],
    ['\uFF29\uFF23\uFF24-10-CM', 'ICD-10-CM'],
    ['ICD10CM', 'ICD-10-CM'],
    ['icd 10 cm', 'ICD-10-CM'],
    ['SNOMED', 'SNOMED_CT_US_LITE'],
    ['snomed-ct-us-lite', 'SNOMED_CT_US_LITE'],
    ['CPT4', 'CPT'],
    ['C\u0420T', 'CPT'],
    ['RxNorm', 'RXNORM'],
    ['ICD10PCS', 'ICD-10-PCS'],
    ['  clinic_codes ', 'CLINIC_CODES'],
    ['\u0421linic codes', 'CLINIC CODES'],
  ])('%s is read as %s', (raw, expected) => {
    expect(nameOf(raw)).toBe(expected);
  });

  it.each([['ICD-10-CM\u200B'], ['ICD\u202E-10-CM'], ['\uFEFFLOINC'], ['codes\u0000'], ['   ']])(
    'refuses %j',
    (raw) => {
      expect(readSystemName(raw).ok).toBe(false);
    },
  );
});
