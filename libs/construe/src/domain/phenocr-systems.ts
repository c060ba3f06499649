/**
 * The system names phenocr accepts (the public document's list) and the system each reads
 * here. SNOMED_CT_US is the vocabulary's SNOMED, held as SNOMED_CT_US_LITE; HPO is accepted
 * by name and answers 404 until a system of that name is loaded.
 */
const PHENOCR_SYSTEMS: Readonly<Record<string, string>> = {
  HPO: 'HPO',
  'ICD-10-CM': 'ICD-10-CM',
  RXNORM: 'RXNORM',
  SNOMED_CT_US: 'SNOMED_CT_US_LITE',
};

export const PHENOCR_SYSTEM_NAMES = Object.keys(PHENOCR_SYSTEMS);

/** The system a phenocr name reads, or undefined when phenocr does not support the name. */
export function phenocrSystem(name: string): string | undefined {
  return PHENOCR_SYSTEMS[name.trim().toUpperCase()];
}
