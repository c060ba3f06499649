import type { Builder } from '../build-input.js';
import type { ResourceKind } from '../resource-kinds.js';
import { buildAppointment } from './appointment.js';
import { buildCarePlan } from './careplan.js';
import { buildEncounterDiagnosis } from './condition-encounter-diagnosis.js';
import { buildProblemCondition } from './condition-problems-health-concerns.js';
import { buildCoverage } from './coverage.js';
import { buildEncounter } from './encounter.js';
import { buildMedicationRequest } from './medicationrequest.js';
import { buildClinicalResult } from './observation-clinical-result.js';
import { buildLabObservation } from './observation-lab.js';
import { buildPatient } from './patient.js';
import { buildProcedure } from './procedure.js';
import { buildQuestionnaire } from './questionnaire.js';
import { buildQuestionnaireResponse } from './questionnaireresponse.js';
import { buildServiceRequest } from './servicerequest.js';
import { buildSimpleObservation } from './simple-observation.js';
import { buildVitalSigns } from './vital-signs.js';

/** One builder per `resource` value of the spec. */
export const BUILDERS: Record<ResourceKind, Builder> = {
  appointment: buildAppointment,
  'condition-encounter-diagnosis': buildEncounterDiagnosis,
  medicationrequest: buildMedicationRequest,
  careplan: buildCarePlan,
  'condition-problems-health-concerns': buildProblemCondition,
  coverage: buildCoverage,
  encounter: buildEncounter,
  'observation-clinical-result': buildClinicalResult,
  'observation-lab': buildLabObservation,
  patient: buildPatient,
  procedure: buildProcedure,
  questionnaire: buildQuestionnaire,
  questionnaireresponse: buildQuestionnaireResponse,
  servicerequest: buildServiceRequest,
  'simple-observation': buildSimpleObservation,
  'vital-signs': buildVitalSigns,
};

/** What each kind needs from the text, for the message when it is not there. */
export const NEEDS: Record<ResourceKind, string> = {
  appointment: 'an appointment (a date, or words such as "appointment", "scheduled")',
  'condition-encounter-diagnosis': 'a diagnosis or problem',
  medicationrequest: 'a medication (a drug or brand name the vocabulary or built-in lexicon knows)',
  careplan: 'a plan (a medication, procedure or test to do, or words such as "plan", "goal")',
  'condition-problems-health-concerns': 'a problem or health concern',
  coverage: 'an insurer or payer (for example Medicare, Aetna, "insured by …")',
  encounter: 'a visit (words such as "visit", "seen", "admitted", a date or a problem)',
  'observation-clinical-result': 'a test with its result',
  'observation-lab': 'a laboratory test',
  patient: 'a person (a name, gender, birth date or identifier)',
  procedure: 'a procedure',
  questionnaire:
    'questions (lines ending with "?" or "label:") or an instruction listing what to ask ("Indicate your history of A, B and C")',
  questionnaireresponse:
    'questions with their answers ("Do you smoke? No") or a completed screening with its score or result',
  servicerequest: 'a test, imaging study or procedure to order',
  'simple-observation': 'a finding or observation',
  'vital-signs':
    'a vital sign (blood pressure, heart rate, temperature, SpO2, weight, height, BMI)',
};
