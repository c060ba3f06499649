import type { ClinicalPhrase } from '@app/clinical-nlp';
import type { BuildInput, Builder, Built } from '../build-input.js';
import { SYSTEM } from '../code-systems.js';
import { IMAGING } from '../cues.js';
import { Derivations } from '../derivation.js';
import type { Observation } from '../fhir.js';
import { conceptOf, describeConcept, fixedConcept, toDateTime } from '../fhir-values.js';
import { sentenceOf } from '../text-spans.js';
import { dateTimeNear, metaFor, primaryPhrase, subjectOf } from './common.js';
import {
  findingAfter,
  interpretationOf,
  measuredValue,
  unknownValue,
} from './observation-values.js';

type ResultCategory = 'laboratory' | 'imaging' | 'procedure';

const CATEGORY_DISPLAY: Record<ResultCategory, string> = {
  laboratory: 'Laboratory',
  imaging: 'Imaging',
  procedure: 'Procedure',
};

function categoryOf(input: BuildInput, phrase: ClinicalPhrase): ResultCategory {
  if (phrase.category === 'lab') return 'laboratory';
  return IMAGING.test(sentenceOf(input.analysis, phrase.span).text) ? 'imaging' : 'procedure';
}

/**
 * US Core Observation Clinical Result: the result of a test (imaging, ECG, lab). Its value
 * is a number when one is written, else the finding the sentence states after the test
 * ("chest X-ray showed no acute process" → "no acute process").
 */
export function buildClinicalResultFrom(
  input: BuildInput,
  phrase: ClinicalPhrase,
): Built<Observation> {
  const derivations = new Derivations();
  const linked = input.links.get(phrase.span);
  const code = conceptOf(phrase.span.text, linked);
  derivations.record('code', phrase.span, linked ? `vocabulary:${linked.method}` : 'text');
  const category = categoryOf(input, phrase);
  let value = measuredValue(input, phrase, derivations);
  if (!value) {
    const finding = findingAfter(input, phrase);
    if (finding && finding.text.length > 0) {
      derivations.record('valueString', finding, 'text:finding');
      value = { valueString: finding.text };
    }
  }
  const interpretation = interpretationOf(phrase);
  if (interpretation) derivations.record('interpretation', phrase.span, 'pattern:interpretation');
  const effective = dateTimeNear(input, phrase.span, 'effectiveDateTime', derivations);
  derivations.recordDefault('issued', 'default:now');
  const observation: Observation = {
    resourceType: 'Observation',
    meta: metaFor('observation-clinical-result'),
    status: 'final',
    category: [fixedConcept(SYSTEM.OBSERVATION_CATEGORY, category, CATEGORY_DISPLAY[category])],
    code,
    subject: subjectOf(input, 'subject', derivations),
    ...(input.encounter ? { encounter: input.encounter } : {}),
    ...(effective ? { effectiveDateTime: effective } : {}),
    issued: toDateTime(input.now),
    ...(value ?? unknownValue()),
    ...(interpretation ? { interpretation } : {}),
  };
  return {
    resource: observation,
    derivations: derivations.list(),
    description: `${CATEGORY_DISPLAY[category]} result: ${describeConcept(code)}`,
  };
}

export const buildClinicalResult: Builder = (input) => {
  const phrase = primaryPhrase(input.analysis, ['observation', 'lab', 'procedure'], (candidate) =>
    Boolean(candidate.value),
  );
  return phrase ? buildClinicalResultFrom(input, phrase) : null;
};
