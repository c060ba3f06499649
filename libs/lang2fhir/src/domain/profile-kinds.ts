import type { ResourceKind } from './resource-kinds.js';

/**
 * The builder that makes a resource of each FHIR type a custom profile can constrain: the
 * profile is then applied to what that builder made. Types without a builder are not
 * supported for custom profiles.
 */
const KIND_BY_TYPE: Record<string, ResourceKind> = {
  Appointment: 'appointment',
  CarePlan: 'careplan',
  Condition: 'condition-problems-health-concerns',
  Coverage: 'coverage',
  Encounter: 'encounter',
  MedicationRequest: 'medicationrequest',
  Observation: 'simple-observation',
  Patient: 'patient',
  Procedure: 'procedure',
  Questionnaire: 'questionnaire',
  QuestionnaireResponse: 'questionnaireresponse',
  ServiceRequest: 'servicerequest',
};

export function kindForProfileType(type: string): ResourceKind | undefined {
  return KIND_BY_TYPE[type];
}

export const PROFILE_TYPES = Object.keys(KIND_BY_TYPE);
