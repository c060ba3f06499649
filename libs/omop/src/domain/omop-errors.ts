/** Error codes of the omop library; every 4xx it answers carries one of them. */
export const OmopErrorCodes = {
  INVALID_FHIR: 'OMOP.INVALID_FHIR',
} as const;
