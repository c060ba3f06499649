import type { ClinicalPhrase } from '@app/clinical-nlp';
import type { BuildInput, Builder, Built } from '../build-input.js';
import { SYSTEM } from '../code-systems.js';
import { IMAGING } from '../cues.js';
import { Derivations } from '../derivation.js';
import type { CodeableConcept, ServiceRequest } from '../fhir.js';
import { conceptOf, describeConcept, fixedConcept } from '../fhir-values.js';
import { sentenceOf } from '../text-spans.js';
import { dateTimeNear, isAffirmed, metaFor, nowAt, primaryPhrase, subjectOf } from './common.js';

const EDUCATION = /\b(education|teaching|instruct\w*)\b/i;
const COUNSELING = /\b(counsel\w*|therapy session|psychotherapy)\b/i;
const ORDER_CUES = /\b(order\w*|request\w*|refer\w*|schedule\w*|obtain|check|draw|send)\b/i;

/** The US Core ServiceRequest category (SNOMED CT) that fits the requested service. */
function categoryOf(phrase: ClinicalPhrase, sentence: string): CodeableConcept {
  if (phrase.category === 'lab')
    return fixedConcept(SYSTEM.SNOMED, '108252007', 'Laboratory procedure');
  if (IMAGING.test(phrase.span.text) || IMAGING.test(sentence))
    return fixedConcept(SYSTEM.SNOMED, '363679005', 'Imaging');
  if (EDUCATION.test(phrase.span.text))
    return fixedConcept(SYSTEM.SNOMED, '409073007', 'Education');
  if (COUNSELING.test(phrase.span.text))
    return fixedConcept(SYSTEM.SNOMED, '409063005', 'Counseling');
  return fixedConcept(SYSTEM.SNOMED, '387713003', 'Surgical procedure');
}

/**
 * US Core ServiceRequest: an order for a lab test, imaging or a procedure. A denied
 * request ("no CT needed") gets `doNotPerform`. Problems stated in the same sentence
 * become its reasons.
 */
export function buildServiceRequestFrom(
  input: BuildInput,
  phrase: ClinicalPhrase,
): Built<ServiceRequest> {
  const derivations = new Derivations();
  const linked = input.links.get(phrase.span);
  const code = conceptOf(phrase.span.text, linked);
  derivations.record('code', phrase.span, linked ? `vocabulary:${linked.method}` : 'text');
  const sentence = sentenceOf(input.analysis, phrase.span);
  const category = categoryOf(phrase, sentence.text);
  derivations.record('category', phrase.span, 'lexicon:service-category');
  const reasons = input.analysis.phrases.filter(
    (other) =>
      other.category === 'problem' &&
      isAffirmed(other.assertion) &&
      other.span.start >= sentence.start &&
      other.span.end <= sentence.end,
  );
  reasons.forEach((reason, index) =>
    derivations.record(`reasonCode[${index}]`, reason.span, 'text'),
  );
  if (phrase.assertion.negated)
    derivations.record('doNotPerform', phrase.assertion.triggers[0], 'context:negated');
  const occurrence = dateTimeNear(input, phrase.span, 'occurrenceDateTime', derivations);
  const request: ServiceRequest = {
    resourceType: 'ServiceRequest',
    meta: metaFor('servicerequest'),
    status: 'active',
    intent: 'order',
    category: [category],
    ...(phrase.assertion.negated ? { doNotPerform: true } : {}),
    code,
    subject: subjectOf(input, 'subject', derivations),
    ...(input.encounter ? { encounter: input.encounter } : {}),
    ...(occurrence ? { occurrenceDateTime: occurrence } : {}),
    authoredOn: nowAt(input, 'authoredOn', derivations),
    ...(reasons.length > 0
      ? {
          reasonCode: reasons.map((reason) =>
            conceptOf(reason.span.text, input.links.get(reason.span)),
          ),
        }
      : {}),
  };
  return {
    resource: request,
    derivations: derivations.list(),
    description: `Order (${category.text}): ${describeConcept(code)}`,
  };
}

export const buildServiceRequest: Builder = (input) => {
  const phrase = primaryPhrase(input.analysis, ['procedure', 'lab'], (candidate) =>
    ORDER_CUES.test(sentenceOf(input.analysis, candidate.span).text),
  );
  return phrase ? buildServiceRequestFrom(input, phrase) : null;
};
