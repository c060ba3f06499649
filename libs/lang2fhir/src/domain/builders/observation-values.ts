import type { ClinicalPhrase, TextSpan } from '@app/clinical-nlp';
import type { BuildInput } from '../build-input.js';
import { SYSTEM } from '../code-systems.js';
import type { Derivations } from '../derivation.js';
import type { CodeableConcept, Observation } from '../fhir.js';
import { fhirQuantity, fixedConcept } from '../fhir-values.js';
import { findSpan, sentenceOf } from '../text-spans.js';

const INTERPRETATIONS: Record<NonNullable<ClinicalPhrase['interpretation']>, [string, string]> = {
  high: ['H', 'High'],
  low: ['L', 'Low'],
  normal: ['N', 'Normal'],
  abnormal: ['A', 'Abnormal'],
};

/** Qualitative results written in words, with their SNOMED CT qualifier values. */
const QUALITATIVE: [RegExp, string, string][] = [
  [/\bnot detected\b/i, '260415000', 'Not detected'],
  [/\bdetected\b/i, '260373001', 'Detected'],
  [/\bnegative\b/i, '260385009', 'Negative'],
  [/\bpositive\b/i, '10828004', 'Positive'],
];

export function interpretationOf(phrase: ClinicalPhrase): CodeableConcept[] | undefined {
  if (!phrase.interpretation) return undefined;
  const [code, display] = INTERPRETATIONS[phrase.interpretation];
  return [fixedConcept(SYSTEM.OBSERVATION_INTERPRETATION, code, display)];
}

type ObservationValue = Pick<
  Observation,
  'valueQuantity' | 'valueCodeableConcept' | 'valueString' | 'valueBoolean' | 'dataAbsentReason'
>;

/** A number with its unit, else a qualitative result in the phrase's sentence ("negative"). */
export function measuredValue(
  input: BuildInput,
  phrase: ClinicalPhrase,
  derivations: Derivations,
): ObservationValue | undefined {
  if (phrase.value) {
    derivations.record('valueQuantity', phrase.span, 'pattern:quantity');
    return { valueQuantity: fhirQuantity(phrase.value) };
  }
  const sentence = sentenceOf(input.analysis, phrase.span);
  const after: TextSpan = {
    start: phrase.span.start,
    end: sentence.end,
    text: input.analysis.text.slice(phrase.span.start, sentence.end),
  };
  for (const [pattern, code, display] of QUALITATIVE) {
    const span = findSpan(input.analysis.text, pattern, after);
    if (span) {
      derivations.record('valueCodeableConcept', span, 'lexicon:qualitative-result');
      return { valueCodeableConcept: fixedConcept(SYSTEM.SNOMED, code, display) };
    }
  }
  return undefined;
}

/** The words after the phrase up to the end of its sentence: the finding of a test ("no acute process"). */
export function findingAfter(input: BuildInput, phrase: ClinicalPhrase): TextSpan | undefined {
  const sentence = sentenceOf(input.analysis, phrase.span);
  return findSpan(
    input.analysis.text,
    /^\W*(?:(?:showed|shows|show|revealed|reveals|demonstrated|demonstrates|was|is|were|are|with|of)\b\W*)?([\s\S]*?)[.;]?\s*$/,
    { start: phrase.span.end, end: sentence.end, text: '' },
  );
}

export function unknownValue(): Pick<Observation, 'dataAbsentReason'> {
  return { dataAbsentReason: fixedConcept(SYSTEM.DATA_ABSENT_REASON, 'unknown', 'Unknown') };
}
