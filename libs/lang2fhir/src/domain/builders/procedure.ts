import type { ClinicalPhrase } from '@app/clinical-nlp';
import type { BuildInput, Builder, Built } from '../build-input.js';
import { Derivations } from '../derivation.js';
import type { Procedure } from '../fhir.js';
import { conceptOf, dataAbsent, describeConcept, preferredCoding } from '../fhir-values.js';
import { findSpan, sentenceOf } from '../text-spans.js';
import { dateTimeNear, metaFor, primaryPhrase, subjectOf } from './common.js';

const PLANNED =
  /\b(will (?:undergo|have|get)|scheduled for|planned|plan(?:s|ning)? (?:to|for)|upcoming|to undergo)\b/i;
const ONGOING = /\b(undergoing|in progress|currently receiving|ongoing)\b/i;

type ProcedureStatus = 'completed' | 'not-done' | 'preparation' | 'in-progress';

/**
 * US Core Procedure. Status from the sentence: denied → `not-done`, planned →
 * `preparation`, ongoing → `in-progress`, else `completed`. A completed procedure
 * without a date in the text carries the data-absent-reason `unknown` on `performed`,
 * as US Core asks, instead of an invented date.
 */
export function buildProcedureFrom(input: BuildInput, phrase: ClinicalPhrase): Built<Procedure> {
  const derivations = new Derivations();
  const linked = input.links.get(phrase.span);
  const code = conceptOf(phrase.span.text, linked);
  derivations.record('code', phrase.span, linked ? `vocabulary:${linked.method}` : 'text');
  if (linked)
    derivations.recordAlternatives('code', phrase.span, linked.codings, preferredCoding(linked));
  const sentence = sentenceOf(input.analysis, phrase.span);
  const text = input.analysis.text;
  let status: ProcedureStatus = 'completed';
  if (phrase.assertion.negated) {
    status = 'not-done';
    derivations.record('status', phrase.assertion.triggers[0] ?? phrase.span, 'context:negated');
  } else if (findSpan(text, PLANNED, sentence)) {
    status = 'preparation';
    derivations.record('status', findSpan(text, PLANNED, sentence), 'lexicon:planned');
  } else if (findSpan(text, ONGOING, sentence)) {
    status = 'in-progress';
    derivations.record('status', findSpan(text, ONGOING, sentence), 'lexicon:ongoing');
  } else {
    derivations.recordDefault('status', 'default:completed');
  }
  const performed = dateTimeNear(input, phrase.span, 'performedDateTime', derivations);
  const procedure: Procedure = {
    resourceType: 'Procedure',
    meta: metaFor('procedure'),
    status,
    code,
    subject: subjectOf(input, 'subject', derivations),
    ...(input.encounter ? { encounter: input.encounter } : {}),
  };
  if (performed) procedure.performedDateTime = performed;
  else if (status === 'completed' || status === 'in-progress')
    (procedure as Procedure & { _performedDateTime: unknown })._performedDateTime = {
      extension: [dataAbsent('unknown')],
    };
  return {
    resource: procedure,
    derivations: derivations.list(),
    description: `Procedure (${status}): ${describeConcept(code)}`,
  };
}

export const buildProcedure: Builder = (input) => {
  const phrase = primaryPhrase(input.analysis, ['procedure']);
  return phrase ? buildProcedureFrom(input, phrase) : null;
};
