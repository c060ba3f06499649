import type { ClinicalPhrase } from '@app/clinical-nlp';
import type { BuildInput, Builder, Built } from '../build-input.js';
import { SYSTEM } from '../code-systems.js';
import { Derivations } from '../derivation.js';
import type { Observation } from '../fhir.js';
import { conceptOf, describeConcept, fixedConcept, toDateTime } from '../fhir-values.js';
import { dateTimeNear, metaFor, primaryPhrase, subjectOf } from './common.js';
import { interpretationOf, measuredValue, unknownValue } from './observation-values.js';

/**
 * US Core Laboratory Result: code (LOINC when the vocabulary has it), the value with its
 * UCUM unit or a qualitative result, the interpretation. `effective` only when the text
 * dates the result; `issued` is when it was recorded here.
 */
export function buildLabObservationFrom(
  input: BuildInput,
  phrase: ClinicalPhrase,
): Built<Observation> {
  const derivations = new Derivations();
  const linked = input.links.get(phrase.span);
  const code = conceptOf(phrase.span.text, linked);
  derivations.record('code', phrase.span, linked ? `vocabulary:${linked.method}` : 'text');
  const value = measuredValue(input, phrase, derivations) ?? unknownValue();
  const interpretation = interpretationOf(phrase);
  if (interpretation) derivations.record('interpretation', phrase.span, 'pattern:interpretation');
  const effective = dateTimeNear(input, phrase.span, 'effectiveDateTime', derivations);
  derivations.recordDefault('issued', 'default:now');
  const observation: Observation = {
    resourceType: 'Observation',
    meta: metaFor('observation-lab'),
    status: 'final',
    category: [fixedConcept(SYSTEM.OBSERVATION_CATEGORY, 'laboratory', 'Laboratory')],
    code,
    subject: subjectOf(input, 'subject', derivations),
    ...(input.encounter ? { encounter: input.encounter } : {}),
    ...(effective ? { effectiveDateTime: effective } : {}),
    issued: toDateTime(input.now),
    ...value,
    ...(interpretation ? { interpretation } : {}),
  };
  return {
    resource: observation,
    derivations: derivations.list(),
    description: `Lab result: ${describeConcept(code)}${
      observation.valueQuantity
        ? ` ${observation.valueQuantity.value} ${observation.valueQuantity.unit ?? ''}`.trimEnd()
        : observation.valueCodeableConcept
          ? ` ${observation.valueCodeableConcept.text}`
          : ''
    }`,
  };
}

export const buildLabObservation: Builder = (input) => {
  const phrase = primaryPhrase(input.analysis, ['lab'], (candidate) => Boolean(candidate.value));
  return phrase ? buildLabObservationFrom(input, phrase) : null;
};
