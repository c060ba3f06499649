import type {
  ClinicalAnalysis,
  ClinicalPhrase,
  MedicationMention,
  PhraseCategory,
} from '@app/clinical-nlp';
import type { ResourceKind } from './resource-kinds.js';

export type Linkable = ClinicalPhrase | MedicationMention;

/** Vocabulary look-ups per request are bounded, so that a long text costs a bounded time. */
export const MAX_LINKED = 60;

const NEEDED: Record<ResourceKind, { phrases: PhraseCategory[]; medications: boolean }> = {
  appointment: { phrases: ['problem'], medications: false },
  'condition-encounter-diagnosis': { phrases: ['problem'], medications: false },
  medicationrequest: { phrases: [], medications: true },
  careplan: { phrases: ['procedure', 'lab'], medications: true },
  'condition-problems-health-concerns': { phrases: ['problem'], medications: false },
  coverage: { phrases: [], medications: false },
  encounter: { phrases: ['problem'], medications: false },
  'observation-clinical-result': {
    phrases: ['observation', 'lab', 'procedure'],
    medications: false,
  },
  'observation-lab': { phrases: ['lab'], medications: false },
  patient: { phrases: [], medications: false },
  procedure: { phrases: ['procedure'], medications: false },
  questionnaire: { phrases: [], medications: false },
  questionnaireresponse: { phrases: [], medications: false },
  servicerequest: { phrases: ['procedure', 'lab', 'problem'], medications: false },
  'simple-observation': { phrases: ['observation', 'problem', 'lab'], medications: false },
  'vital-signs': { phrases: [], medications: false },
};

/** The mentions whose codes a kind's builder may use, the patient's own first, at most MAX_LINKED. */
export function linkTargetsFor(analysis: ClinicalAnalysis, kind: ResourceKind): Linkable[] {
  const needed = NEEDED[kind];
  const phrases = analysis.phrases.filter(
    (phrase) => needed.phrases.includes(phrase.category) && !phrase.assertion.family,
  );
  const medications = needed.medications
    ? analysis.medications.filter((medication) => !medication.assertion.family)
    : [];
  return [...medications, ...phrases]
    .sort((a, b) => Number(a.assertion.negated) - Number(b.assertion.negated))
    .slice(0, MAX_LINKED);
}

/** Every mention a multi-resource bundle will hold: what the patient has, takes and had done. */
export function linkTargetsForBundle(analysis: ClinicalAnalysis): Linkable[] {
  const own = (linkable: Linkable) => !linkable.assertion.family && !linkable.assertion.negated;
  return [...analysis.medications.filter(own), ...analysis.phrases.filter(own)].slice(
    0,
    MAX_LINKED,
  );
}
