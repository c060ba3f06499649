import type {
  Assertion,
  ClinicalAnalysis,
  ClinicalPhrase,
  MedicationMention,
  PhraseCategory,
  TextSpan,
} from '@app/clinical-nlp';
import type { BuildInput } from '../build-input.js';
import type { Derivations } from '../derivation.js';
import type { Patient, Reference } from '../fhir.js';
import { PROFILE_BY_KIND } from '../profiles.js';
import type { ResourceKind } from '../resource-kinds.js';
import { dateNear } from '../text-spans.js';
import { toDate, toDateTime } from '../fhir-values.js';

export function metaFor(kind: ResourceKind): { profile: string[] } {
  return { profile: [PROFILE_BY_KIND[kind]] };
}

/** About the patient (not a relative) and not denied. */
export function isAffirmed(assertion: Assertion): boolean {
  return !assertion.negated && !assertion.family;
}

/**
 * The phrase a single-resource builder is about: the first affirmed one of the wanted
 * categories, else the first one about the patient (a denied finding, recorded as such).
 * Mentions about relatives are never taken for the patient's own.
 */
export function primaryPhrase(
  analysis: ClinicalAnalysis,
  categories: PhraseCategory[],
  prefer?: (phrase: ClinicalPhrase) => boolean,
): ClinicalPhrase | undefined {
  const candidates = analysis.phrases.filter(
    (phrase) => categories.includes(phrase.category) && !phrase.assertion.family,
  );
  const ranked = [...candidates].sort(
    (a, b) =>
      rank(a, prefer) - rank(b, prefer) ||
      categories.indexOf(a.category) - categories.indexOf(b.category) ||
      a.span.start - b.span.start,
  );
  return ranked[0];
}

function rank(phrase: ClinicalPhrase, prefer?: (phrase: ClinicalPhrase) => boolean): number {
  return (phrase.assertion.negated ? 2 : 0) + (prefer && !prefer(phrase) ? 1 : 0);
}

export function primaryMedication(analysis: ClinicalAnalysis): MedicationMention | undefined {
  const own = analysis.medications.filter((medication) => !medication.assertion.family);
  return own.find((medication) => !medication.assertion.negated) ?? own[0];
}

/** Sets `subject` (or `patient`, `beneficiary`) and records where it came from. */
export function subjectOf(
  input: BuildInput,
  path: string,
  derivations: Derivations,
): Reference<Patient> {
  const { subject } = input;
  if (subject.span) derivations.record(path, subject.span, subject.method);
  else derivations.recordDefault(path, subject.method);
  return subject.reference;
}

/** The dateTime written near `span`, recorded at `path`. */
export function dateTimeNear(
  input: BuildInput,
  span: TextSpan,
  path: string,
  derivations: Derivations,
): string | undefined {
  const date = dateNear(input.analysis, span);
  if (!date) return undefined;
  derivations.record(path, date.span, date.relative ? 'date:relative' : 'date');
  return toDateTime(date.value);
}

/** `now` as an R4 dateTime, recorded as a default. */
export function nowAt(input: BuildInput, path: string, derivations: Derivations): string {
  derivations.recordDefault(path, 'default:now');
  return toDateTime(input.now);
}

export function today(input: BuildInput): string {
  return toDate(input.now);
}

/** Words that put an event in the future: an order, a plan, a booking. */
export const FUTURE_CUES =
  /\b(will|plan(?:ned|s)?\s+(?:to|for)|scheduled?|to be|upcoming|next (?:week|month|visit)|order(?:ed)?|refer(?:red)?)\b/i;

export function mentionsFuture(text: string): boolean {
  return FUTURE_CUES.test(text);
}
