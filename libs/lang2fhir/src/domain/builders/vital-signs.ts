import type { CodingRef, VitalSignMention } from '@app/clinical-nlp';
import type { BuildInput, Builder, Built } from '../build-input.js';
import { SYSTEM } from '../code-systems.js';
import { Derivations } from '../derivation.js';
import type { CodeableConcept, Observation } from '../fhir.js';
import { coding, fhirQuantity, fixedConcept } from '../fhir-values.js';
import { VITAL_SIGN_PROFILES } from '../profiles.js';
import { dateTimeNear, nowAt, subjectOf } from './common.js';

const LABELS: Record<VitalSignMention['kind'], string> = {
  'blood-pressure': 'Blood pressure',
  'heart-rate': 'Heart rate',
  'respiratory-rate': 'Respiratory rate',
  'body-temperature': 'Body temperature',
  'oxygen-saturation': 'Oxygen saturation',
  'body-weight': 'Body weight',
  'body-height': 'Body height',
  bmi: 'Body mass index',
};

/** US Core Pulse Oximetry requires both LOINC codes of arterial oxygen saturation. */
const PULSE_OXIMETRY: CodingRef[] = [
  { system: SYSTEM.LOINC, code: '2708-6', display: 'Oxygen saturation in Arterial blood' },
  {
    system: SYSTEM.LOINC,
    code: '59408-5',
    display: 'Oxygen saturation in Arterial blood by Pulse oximetry',
  },
];

function codeOf(vital: VitalSignMention): CodeableConcept {
  const refs =
    vital.kind === 'oxygen-saturation'
      ? [vital.code, ...PULSE_OXIMETRY.filter((ref) => ref.code !== vital.code.code)]
      : [vital.code];
  return { coding: refs.map(coding), text: LABELS[vital.kind] };
}

export function buildVitalSignFrom(input: BuildInput, vital: VitalSignMention): Built<Observation> {
  const derivations = new Derivations();
  const code = codeOf(vital);
  derivations.record('code', vital.span, `pattern:${vital.kind}`);
  const effective =
    dateTimeNear(input, vital.span, 'effectiveDateTime', derivations) ??
    nowAt(input, 'effectiveDateTime', derivations);
  const observation: Observation = {
    resourceType: 'Observation',
    meta: { profile: [VITAL_SIGN_PROFILES[vital.kind]] },
    status: 'final',
    category: [fixedConcept(SYSTEM.OBSERVATION_CATEGORY, 'vital-signs', 'Vital Signs')],
    code,
    subject: subjectOf(input, 'subject', derivations),
    ...(input.encounter ? { encounter: input.encounter } : {}),
    effectiveDateTime: effective,
  };
  if (vital.components?.length) {
    observation.component = vital.components.map((component) => ({
      code: { coding: [coding(component.code)], text: component.code.display },
      valueQuantity: fhirQuantity(component.value),
    }));
    vital.components.forEach((_, index) =>
      derivations.record(`component[${index}].valueQuantity`, vital.span, `pattern:${vital.kind}`),
    );
  } else if (vital.value) {
    observation.valueQuantity = fhirQuantity(vital.value);
    derivations.record('valueQuantity', vital.span, `pattern:${vital.kind}`);
  } else {
    observation.dataAbsentReason = fixedConcept(SYSTEM.DATA_ABSENT_REASON, 'unknown', 'Unknown');
  }
  return {
    resource: observation,
    derivations: derivations.list(),
    description: `Vital sign: ${LABELS[vital.kind]} ${describeValue(vital)}`.trim(),
  };
}

function describeValue(vital: VitalSignMention): string {
  if (vital.components?.length)
    return vital.components.map((component) => component.value.value).join('/') + ' mmHg';
  if (!vital.value) return '';
  return `${vital.value.value} ${vital.value.unitText ?? vital.value.unit ?? ''}`.trim();
}

/** US Core vital signs: the first measurement the text states (not one it denies). */
export const buildVitalSigns: Builder = (input) => {
  const vitals = input.analysis.vitals.filter((vital) => !vital.assertion.negated);
  return vitals[0] ? buildVitalSignFrom(input, vitals[0]) : null;
};
