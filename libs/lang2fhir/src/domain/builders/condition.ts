import type { ClinicalPhrase } from '@app/clinical-nlp';
import type { BuildInput, Built } from '../build-input.js';
import { SYSTEM } from '../code-systems.js';
import { Derivations } from '../derivation.js';
import type { CodeableConcept, Condition } from '../fhir.js';
import { conceptOf, describeConcept, fixedConcept, preferredCoding } from '../fhir-values.js';
import { dateTimeNear, metaFor, nowAt, primaryPhrase, subjectOf } from './common.js';

export type ConditionCategory = 'problem-list-item' | 'encounter-diagnosis';

const CATEGORY_DISPLAY: Record<ConditionCategory, string> = {
  'problem-list-item': 'Problem List Item',
  'encounter-diagnosis': 'Encounter Diagnosis',
};

/**
 * The verification of a finding follows its assertion in the text: denied ("no evidence
 * of pneumonia") becomes `refuted` (never a positive Condition), uncertain ("possible
 * pneumonia") `provisional`, else `confirmed`. A refuted problem keeps a clinical status
 * (`inactive`), which R4 requires of every problem that was not entered in error.
 */
export function verificationOf(phrase: ClinicalPhrase): {
  verification: 'confirmed' | 'provisional' | 'refuted';
  clinical: 'active' | 'inactive';
} {
  if (phrase.assertion.negated) return { verification: 'refuted', clinical: 'inactive' };
  if (phrase.assertion.uncertain) return { verification: 'provisional', clinical: 'active' };
  return { verification: 'confirmed', clinical: 'active' };
}

export function buildConditionFrom(
  input: BuildInput,
  phrase: ClinicalPhrase,
  category: ConditionCategory,
): Built<Condition> {
  const derivations = new Derivations();
  const linked = input.links.get(phrase.span);
  const code: CodeableConcept = conceptOf(phrase.span.text, linked);
  derivations.record('code', phrase.span, linked ? `vocabulary:${linked.method}` : 'text');
  if (linked)
    derivations.recordAlternatives('code', phrase.span, linked.codings, preferredCoding(linked));
  const { verification, clinical } = verificationOf(phrase);
  const trigger = phrase.assertion.triggers[0];
  derivations.record('verificationStatus', trigger, `context:${verification}`);
  if (!trigger) derivations.recordDefault('verificationStatus', `context:${verification}`);
  const kind =
    category === 'problem-list-item'
      ? 'condition-problems-health-concerns'
      : 'condition-encounter-diagnosis';
  const onset = dateTimeNear(input, phrase.span, 'onsetDateTime', derivations);
  const condition: Condition = {
    resourceType: 'Condition',
    meta: metaFor(kind),
    clinicalStatus: fixedConcept(SYSTEM.CONDITION_CLINICAL, clinical, capitalize(clinical)),
    verificationStatus: fixedConcept(
      SYSTEM.CONDITION_VERIFICATION,
      verification,
      capitalize(verification),
    ),
    category: [fixedConcept(SYSTEM.CONDITION_CATEGORY, category, CATEGORY_DISPLAY[category])],
    code,
    subject: subjectOf(input, 'subject', derivations),
    ...(input.encounter && category === 'encounter-diagnosis'
      ? { encounter: input.encounter }
      : {}),
    ...(onset ? { onsetDateTime: onset } : {}),
    recordedDate: nowAt(input, 'recordedDate', derivations),
  };
  return {
    resource: condition,
    derivations: derivations.list(),
    description: `${verification === 'refuted' ? 'Refuted condition' : 'Condition'}: ${describeConcept(code)}`,
  };
}

export function buildCondition(
  input: BuildInput,
  category: ConditionCategory,
): Built<Condition> | null {
  const phrase = primaryPhrase(input.analysis, ['problem']);
  return phrase ? buildConditionFrom(input, phrase, category) : null;
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
