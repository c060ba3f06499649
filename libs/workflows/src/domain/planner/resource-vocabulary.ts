/**
 * Which FHIR resource a phrase of an instruction names, and how lang2fhir is asked to
 * build it. Phrases are matched as whole words, longest first, in singular or plural.
 */
export interface ResourceNoun {
  phrase: string;
  resourceType: string;
  /** The lang2fhir `resource` value; null when the planner builds the resource itself. */
  lang2fhir: string | null;
}

const VITALS = [
  'vital signs',
  'vital sign',
  'vitals',
  'blood pressure',
  'heart rate',
  'pulse',
  'respiratory rate',
  'oxygen saturation',
  'body temperature',
  'temperature',
  'body weight',
  'weight',
  'height',
  'bmi',
  'body mass index',
];
const LABS = [
  'lab result',
  'lab value',
  'laboratory result',
  'lab',
  'test result',
  'glucose',
  'blood glucose',
  'hba1c',
  'a1c',
  'hemoglobin a1c',
  'cholesterol',
  'ldl',
  'hdl',
  'creatinine',
  'potassium',
  'sodium',
  'hemoglobin',
  'egfr',
  'troponin',
];

const noun = (resourceType: string, lang2fhir: string | null, phrases: string[]): ResourceNoun[] =>
  phrases.map((phrase) => ({ phrase, resourceType, lang2fhir }));

export const RESOURCE_NOUNS: ResourceNoun[] = [
  ...noun('Patient', 'patient', ['patient', 'new patient', 'patient record']),
  ...noun('Condition', 'condition-encounter-diagnosis', [
    'diagnosis',
    'diagnoses',
    'encounter diagnosis',
    'diagnosis record',
  ]),
  ...noun('Condition', 'condition-problems-health-concerns', [
    'condition',
    'condition record',
    'problem',
    'health concern',
    'disease',
  ]),
  ...noun('Observation', 'vital-signs', VITALS),
  ...noun('Observation', 'observation-lab', LABS),
  ...noun('Observation', 'simple-observation', [
    'observation',
    'measurement',
    'reading',
    'result',
    'smoking status',
  ]),
  ...noun('MedicationRequest', 'medicationrequest', [
    'medication request',
    'medication order',
    'prescription',
    'medication',
    'drug order',
  ]),
  ...noun('Encounter', 'encounter', ['encounter', 'visit', 'admission']),
  ...noun('Procedure', 'procedure', ['procedure', 'surgery']),
  ...noun('ServiceRequest', 'servicerequest', [
    'service request',
    'referral',
    'lab order',
    'imaging order',
    'order',
  ]),
  ...noun('Appointment', 'appointment', ['appointment']),
  ...noun('CarePlan', 'careplan', ['care plan', 'treatment plan']),
  ...noun('Coverage', 'coverage', ['coverage', 'insurance', 'insurance coverage']),
  ...noun('Questionnaire', 'questionnaire', ['questionnaire']),
  ...noun('QuestionnaireResponse', 'questionnaireresponse', [
    'questionnaire response',
    'survey response',
  ]),
  ...noun('AllergyIntolerance', null, [
    'allergy',
    'allergies',
    'intolerance',
    'allergy intolerance',
  ]),
  ...noun('Immunization', null, ['immunization', 'vaccination', 'vaccine']),
  ...noun('Flag', null, ['flag', 'alert', 'warning']),
  ...noun('Task', null, ['task', 'follow-up task', 'follow up task', 'to-do', 'reminder']),
  ...noun('Communication', null, ['communication', 'message', 'notification']),
];

/** Where a resource of each type points at its patient, and the search parameter for it. */
export const PATIENT_LINKS: Record<string, { element: string; searchParameter: string }> = {
  Condition: { element: 'subject', searchParameter: 'patient' },
  Observation: { element: 'subject', searchParameter: 'patient' },
  MedicationRequest: { element: 'subject', searchParameter: 'patient' },
  Procedure: { element: 'subject', searchParameter: 'patient' },
  Encounter: { element: 'subject', searchParameter: 'patient' },
  ServiceRequest: { element: 'subject', searchParameter: 'patient' },
  CarePlan: { element: 'subject', searchParameter: 'patient' },
  QuestionnaireResponse: { element: 'subject', searchParameter: 'patient' },
  Flag: { element: 'subject', searchParameter: 'patient' },
  Communication: { element: 'subject', searchParameter: 'patient' },
  AllergyIntolerance: { element: 'patient', searchParameter: 'patient' },
  Immunization: { element: 'patient', searchParameter: 'patient' },
  Task: { element: 'for', searchParameter: 'patient' },
  Coverage: { element: 'beneficiary', searchParameter: 'beneficiary' },
  Appointment: { element: 'participant', searchParameter: 'patient' },
};

/** Resource types that point at the encounter they happened in. */
export const ENCOUNTER_LINKS: Record<string, string> = {
  Condition: 'encounter',
  Observation: 'encounter',
  MedicationRequest: 'encounter',
  Procedure: 'encounter',
  ServiceRequest: 'encounter',
  Immunization: 'encounter',
  Communication: 'encounter',
  Flag: 'encounter',
  Task: 'encounter',
  QuestionnaireResponse: 'encounter',
};

/** Sort key for a search asked for "the latest" of a type. */
export const LATEST_SORT: Record<string, string> = {
  Observation: '-date',
  Encounter: '-date',
  Procedure: '-date',
  Immunization: '-date',
  MedicationRequest: '-authoredon',
  Condition: '-recorded-date',
};

export interface NounMention extends ResourceNoun {
  start: number;
  end: number;
}

/** Every resource phrase in a text, in order, the longest phrase winning where phrases overlap. */
export function findResourceMentions(text: string): NounMention[] {
  const lower = text.toLowerCase();
  const candidates: NounMention[] = [];
  for (const entry of RESOURCE_NOUNS) {
    const pattern = new RegExp(
      `(?<![a-z0-9-])${escapeRegExp(entry.phrase)}(?:s|es)?(?![a-z0-9-])`,
      'g',
    );
    for (const match of lower.matchAll(pattern)) {
      candidates.push({ ...entry, start: match.index, end: match.index + match[0].length });
    }
  }
  candidates.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const chosen: NounMention[] = [];
  for (const candidate of candidates) {
    if (chosen.some((taken) => candidate.start < taken.end && taken.start < candidate.end))
      continue;
    chosen.push(candidate);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `AllergyIntolerance` → `allergy_intolerance`: the stem of placeholder names about a type. */
export function snakeType(resourceType: string): string {
  return resourceType.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
}
