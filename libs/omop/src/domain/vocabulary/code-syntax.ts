/**
 * What a code of each vocabulary looks like. A code that cannot belong to its declared
 * system (say, `5089AAAAAAAA` labelled as LOINC, as some Synthea exports write CIEL
 * codes) is UNSUPPORTED_CODE without a lookup, which tells it apart from a real code
 * missing from the loaded vocabulary (NO_OMOP_SOURCE_CONCEPT).
 */
const SYNTAX: Readonly<Record<string, RegExp>> = {
  SNOMED: /^\d{6,18}$/,
  LOINC: /^(?:\d{1,7}|L[APG]\d{1,8})-\d$/,
  RxNorm: /^\d{1,9}$/,
  CVX: /^\d{1,3}$/,
  NDC: /^(?:\d{11}|\d{10}|\d{4,5}-\d{3,4}-\d{1,2})$/,
  ICD10CM: /^[A-Z]\d[0-9A-Z](?:\.?[0-9A-Z]{1,4})?$/i,
  ICD9CM: /^(?:[VE]?\d{2,3}(?:\.\d{1,2})?)$/i,
  ICD10PCS: /^[0-9A-HJ-NP-Z]{7}$/i,
  CPT4: /^\d{4}[0-9FTU]$/,
  HCPCS: /^[A-V]\d{4}$/i,
};

export function isPlausibleCode(vocabularyId: string, code: string): boolean {
  const pattern = SYNTAX[vocabularyId];
  return pattern === undefined || pattern.test(code);
}
