/** Builtin code systems: reserved names, each a view of one OMOP vocabulary. */
export interface BuiltinSystem {
  name: string;
  vocabularyId: string;
  /** Listed even when nothing is loaded (the spec's reserved examples); the rest only once loaded. */
  alwaysListed: boolean;
}

export const BUILTIN_SYSTEMS: readonly BuiltinSystem[] = [
  { name: 'ICD-10-CM', vocabularyId: 'ICD10CM', alwaysListed: true },
  { name: 'SNOMED_CT_US_LITE', vocabularyId: 'SNOMED', alwaysListed: true },
  { name: 'LOINC', vocabularyId: 'LOINC', alwaysListed: true },
  { name: 'CPT', vocabularyId: 'CPT4', alwaysListed: true },
  { name: 'RXNORM', vocabularyId: 'RxNorm', alwaysListed: false },
  { name: 'HCPCS', vocabularyId: 'HCPCS', alwaysListed: false },
  { name: 'ICD-10-PCS', vocabularyId: 'ICD10PCS', alwaysListed: false },
];

export const NOT_LOADED_VERSION = 'not-loaded';

export function builtinSystem(name: string): BuiltinSystem | undefined {
  return BUILTIN_SYSTEMS.find((system) => system.name === name);
}

/** Key used to find a code however it is spelled: upper case, without dots or spaces (E11.9 = e119). */
export function codeKey(code: string): string {
  return code.replace(/[.\s]/g, '').toUpperCase();
}
