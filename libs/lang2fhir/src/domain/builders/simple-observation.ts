import type { ClinicalPhrase, TextSpan } from '@app/clinical-nlp';
import type { BuildInput, Builder, Built } from '../build-input.js';
import { SYSTEM } from '../code-systems.js';
import { Derivations } from '../derivation.js';
import type { Observation } from '../fhir.js';
import { conceptOf, describeConcept, fhirQuantity, fixedConcept } from '../fhir-values.js';
import { findSpan, sentenceOf } from '../text-spans.js';
import { dateTimeNear, metaFor, nowAt, primaryPhrase, subjectOf } from './common.js';
import { interpretationOf } from './observation-values.js';

const SOCIAL_HISTORY =
  /\b(smok\w*|tobacco|cigar\w*|vap\w*|alcohol|drinks?|etoh|drug use|substance|housing|homeless\w*|employ\w*|occupation|marital|sexual(?:ly)? active|exercise\w*)\b/i;

/**
 * US Core Simple Observation: a finding about the patient. Its value is the number written
 * with it, else whether the finding is present (`valueBoolean`: false when the text denies
 * it, "denies tobacco use"). Category social-history for habits and circumstances, else exam.
 */
export function buildSimpleObservationFrom(
  input: BuildInput,
  phrase: ClinicalPhrase,
): Built<Observation> {
  const derivations = new Derivations();
  const linked = input.links.get(phrase.span);
  const code = conceptOf(phrase.span.text, linked);
  derivations.record('code', phrase.span, linked ? `vocabulary:${linked.method}` : 'text');
  const social = SOCIAL_HISTORY.test(sentenceOf(input.analysis, phrase.span).text);
  const category = social
    ? fixedConcept(SYSTEM.OBSERVATION_CATEGORY, 'social-history', 'Social History')
    : fixedConcept(SYSTEM.OBSERVATION_CATEGORY, 'exam', 'Exam');
  const stated = phrase.value ? undefined : statedAfter(input, phrase);
  const value: Pick<Observation, 'valueQuantity' | 'valueBoolean' | 'valueString'> = phrase.value
    ? { valueQuantity: fhirQuantity(phrase.value) }
    : stated
      ? { valueString: stated.text }
      : { valueBoolean: !phrase.assertion.negated };
  if (phrase.value) derivations.record('valueQuantity', phrase.span, 'pattern:quantity');
  else if (stated) derivations.record('valueString', stated, 'text:stated-value');
  else
    derivations.record(
      'valueBoolean',
      phrase.assertion.triggers[0] ?? phrase.span,
      phrase.assertion.negated ? 'context:negated' : 'context:affirmed',
    );
  const interpretation = interpretationOf(phrase);
  const effective =
    dateTimeNear(input, phrase.span, 'effectiveDateTime', derivations) ??
    nowAt(input, 'effectiveDateTime', derivations);
  const observation: Observation = {
    resourceType: 'Observation',
    meta: metaFor('simple-observation'),
    status: 'final',
    category: [category],
    code,
    subject: subjectOf(input, 'subject', derivations),
    ...(input.encounter ? { encounter: input.encounter } : {}),
    effectiveDateTime: effective,
    ...value,
    ...(interpretation ? { interpretation } : {}),
  };
  return {
    resource: observation,
    derivations: derivations.list(),
    description: `Observation: ${describeConcept(code)}${
      observation.valueQuantity
        ? ` ${observation.valueQuantity.value} ${observation.valueQuantity.unit ?? ''}`.trimEnd()
        : observation.valueBoolean === false
          ? ' (absent)'
          : observation.valueString
            ? `: ${observation.valueString}`
            : ''
    }`,
  };
}

/** What a "name: value" line states after the name ("Housing status: lives alone"). */
function statedAfter(input: BuildInput, phrase: ClinicalPhrase): TextSpan | undefined {
  const sentence = sentenceOf(input.analysis, phrase.span);
  return findSpan(input.analysis.text, /^\s*:\s*([^\s.;][^.;]*?)[.;]?\s*$/, {
    start: phrase.span.end,
    end: sentence.end,
    text: '',
  });
}

export const buildSimpleObservation: Builder = (input) => {
  const phrase = primaryPhrase(input.analysis, ['observation', 'problem', 'lab']);
  return phrase ? buildSimpleObservationFrom(input, phrase) : null;
};
