// The naive baseline of bench/lang2fhir: keyword rules, first match wins, what a quick regex
// router would do with no text engine. Shared by run.mjs and in-process.mjs.
const BASELINE_RULES = [
  [/\?/, 'questionnaire'],
  [/\b(insur\w*|medicare|medicaid|member id|policy)\b/i, 'coverage'],
  [/\b(appointment|schedule|book)\b/i, 'appointment'],
  [/\b(care plan|plan of care|treatment plan)\b/i, 'careplan'],
  [/\b(order\w*|refer\w*|request)\b/i, 'servicerequest'],
  [
    /\b\d+(?:\.\d+)?\s*(mg|mcg|g)\b.*\b(tablet|capsule|daily|bid|tid|inhaler)\b/i,
    'medicationrequest',
  ],
  [
    /\b(blood pressure|bp|heart rate|pulse|temperature|respiratory rate|spo2|weight|height|bmi)\b/i,
    'vital-signs',
  ],
  [/\b(mmol\/l|mg\/dl|g\/dl|miu\/l|a1c|inr)\b/i, 'observation-lab'],
  [/\b(showed|revealed)\b/i, 'observation-clinical-result'],
  [/\b(\w+ectomy|\w+oscopy|replacement|graft|underwent|performed)\b/i, 'procedure'],
  [/\b(diagnos\w*)\b/i, 'condition-encounter-diagnosis'],
  [/\b(visit|admitted|seen in)\b/i, 'encounter'],
  [/\b(mrn|dob|born|date of birth|year old)\b/i, 'patient'],
  [/\b(smok\w*|status|pain severity)\b/i, 'simple-observation'],
];
export const TYPE_OF_KIND = {
  appointment: 'Appointment',
  careplan: 'CarePlan',
  'condition-encounter-diagnosis': 'Condition',
  'condition-problems-health-concerns': 'Condition',
  coverage: 'Coverage',
  encounter: 'Encounter',
  medicationrequest: 'MedicationRequest',
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

export function baselineKind(text) {
  for (const [pattern, kind] of BASELINE_RULES) if (pattern.test(text)) return kind;
  return 'condition-problems-health-concerns';
}
