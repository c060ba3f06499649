import type { BuiltinProfile } from '@app/fhir';
import { ALLERGY_PROFILE, PROFILE_BY_KIND, VITAL_SIGN_PROFILES } from './profiles.js';
import { RESOURCE_KINDS, type ResourceKind } from './resource-kinds.js';
import { requiredElements } from './us-core-rules.js';

const US_CORE_VERSION = '6.1.0';
const US_CORE_GUIDE = 'us_core';

/** The FHIR type each kind's builder makes (structure, not clinical knowledge). */
const TYPE_BY_KIND: Record<ResourceKind, string> = {
  appointment: 'Appointment',
  'condition-encounter-diagnosis': 'Condition',
  medicationrequest: 'MedicationRequest',
  careplan: 'CarePlan',
  'condition-problems-health-concerns': 'Condition',
  coverage: 'Coverage',
  encounter: 'Encounter',
  'observation-clinical-result': 'Observation',
  'observation-lab': 'Observation',
  patient: 'Patient',
  procedure: 'Procedure',
  questionnaire: 'Questionnaire',
  questionnaireresponse: 'QuestionnaireResponse',
  servicerequest: 'ServiceRequest',
  'simple-observation': 'Observation',
  'vital-signs': 'Observation',
};

function profile(url: string, resourceType: string, required: readonly string[]): BuiltinProfile {
  return {
    id: url.slice(url.lastIndexOf('/') + 1),
    url,
    resourceType,
    version: US_CORE_VERSION,
    implementationGuide: US_CORE_GUIDE,
    requiredElements: required,
  };
}

/**
 * The US Core profiles the text engine declares in `meta.profile` (the two R4 base
 * definitions it uses for Appointment and Questionnaire are not US Core and are left out).
 */
export function usCoreBuiltinProfiles(): BuiltinProfile[] {
  const byKind = RESOURCE_KINDS.filter((kind) => PROFILE_BY_KIND[kind].includes('/us/core/')).map(
    (kind) => profile(PROFILE_BY_KIND[kind], TYPE_BY_KIND[kind], requiredElements(kind)),
  );
  const vitals = Object.values(VITAL_SIGN_PROFILES).map((url) =>
    profile(url, 'Observation', requiredElements('vital-signs')),
  );
  const all = [...byKind, ...vitals, profile(ALLERGY_PROFILE, 'AllergyIntolerance', [])];
  return [...new Map(all.map((item) => [item.id, item])).values()].sort((a, b) =>
    a.id.localeCompare(b.id),
  );
}
