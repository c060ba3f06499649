import type { VitalSignKind } from '@app/clinical-nlp';
import type { ResourceKind } from './resource-kinds.js';

const US_CORE = 'http://hl7.org/fhir/us/core/StructureDefinition';
const BASE = 'http://hl7.org/fhir/StructureDefinition';

/**
 * The profile each kind claims in `meta.profile`: US Core 6.1 where US Core defines one,
 * the base R4 StructureDefinition for the two that US Core leaves out (Appointment and
 * Questionnaire). Vital signs name the specific profile of the measurement.
 */
export const PROFILE_BY_KIND: Record<ResourceKind, string> = {
  appointment: `${BASE}/Appointment`,
  'condition-encounter-diagnosis': `${US_CORE}/us-core-condition-encounter-diagnosis`,
  medicationrequest: `${US_CORE}/us-core-medicationrequest`,
  careplan: `${US_CORE}/us-core-careplan`,
  'condition-problems-health-concerns': `${US_CORE}/us-core-condition-problems-health-concerns`,
  coverage: `${US_CORE}/us-core-coverage`,
  encounter: `${US_CORE}/us-core-encounter`,
  'observation-clinical-result': `${US_CORE}/us-core-observation-clinical-result`,
  'observation-lab': `${US_CORE}/us-core-observation-lab`,
  patient: `${US_CORE}/us-core-patient`,
  procedure: `${US_CORE}/us-core-procedure`,
  questionnaire: `${BASE}/Questionnaire`,
  questionnaireresponse: `${US_CORE}/us-core-questionnaireresponse`,
  servicerequest: `${US_CORE}/us-core-servicerequest`,
  'simple-observation': `${US_CORE}/us-core-simple-observation`,
  'vital-signs': `${US_CORE}/us-core-vital-signs`,
};

export const VITAL_SIGN_PROFILES: Record<VitalSignKind, string> = {
  'blood-pressure': `${US_CORE}/us-core-blood-pressure`,
  'heart-rate': `${US_CORE}/us-core-heart-rate`,
  'respiratory-rate': `${US_CORE}/us-core-respiratory-rate`,
  'body-temperature': `${US_CORE}/us-core-body-temperature`,
  'oxygen-saturation': `${US_CORE}/us-core-pulse-oximetry`,
  'body-weight': `${US_CORE}/us-core-body-weight`,
  'body-height': `${US_CORE}/us-core-body-height`,
  bmi: `${US_CORE}/us-core-bmi`,
};

export const ALLERGY_PROFILE = `${US_CORE}/us-core-allergyintolerance`;
