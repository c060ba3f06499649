import { DomainError } from '@app/shared';

/** Error codes of the summary library; every 4xx it answers carries one of them. */
export const SummaryErrorCodes = {
  INVALID_FHIR: 'SUMMARY.INVALID_FHIR',
  MALFORMED_TEMPLATE: 'SUMMARY.MALFORMED_TEMPLATE',
  UNKNOWN_FILTER: 'SUMMARY.UNKNOWN_FILTER',
  FHIRPATH_SYNTAX: 'SUMMARY.FHIRPATH_SYNTAX',
  UNKNOWN_RESOURCE_TYPE: 'SUMMARY.UNKNOWN_RESOURCE_TYPE',
  INVALID_VIEW_DEFINITION: 'SUMMARY.INVALID_VIEW_DEFINITION',
  VIEW_EVALUATION_FAILED: 'SUMMARY.VIEW_EVALUATION_FAILED',
  VIEW_OVER_BUDGET: 'SUMMARY.VIEW_OVER_BUDGET',
  IPS_NEEDS_BUNDLE: 'SUMMARY.IPS_NEEDS_BUNDLE',
  IPS_PATIENT_COUNT: 'SUMMARY.IPS_PATIENT_COUNT',
  IPS_PATIENT_UNIDENTIFIED: 'SUMMARY.IPS_PATIENT_UNIDENTIFIED',
  TEMPLATE_REQUIRED: 'SUMMARY.TEMPLATE_REQUIRED',
  TEMPLATE_NOT_FOUND: 'SUMMARY.TEMPLATE_NOT_FOUND',
  OPTION_NOT_FOR_MODE: 'SUMMARY.OPTION_NOT_FOR_MODE',
} as const;

/** One offending place in the input: where it is and what is wrong with it. */
export interface Problem {
  path: string;
  problem: string;
}

/** A summary rule was broken: bad FHIR input, a malformed template or view, an exceeded budget. */
export class SummaryError extends DomainError {
  override readonly name = 'SummaryError';
}
