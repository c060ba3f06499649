import { describe, expect, it } from 'vitest';
import { phenocrSystem } from './phenocr-systems.js';

describe('phenocr systems', () => {
  it('reads the document names, SNOMED_CT_US as the builtin SNOMED system', () => {
    expect(phenocrSystem('snomed_ct_us')).toBe('SNOMED_CT_US_LITE');
    expect(phenocrSystem(' ICD-10-CM ')).toBe('ICD-10-CM');
    expect(phenocrSystem('LOINC')).toBeUndefined();
  });
});
