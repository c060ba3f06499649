import type { BuildInput, Builder, Built } from '../build-input.js';
import { Derivations } from '../derivation.js';
import type { Appointment } from '../fhir.js';
import { addMinutes, conceptOf, toDateTime, toInstant } from '../fhir-values.js';
import { findSpan } from '../text-spans.js';
import { isAffirmed, metaFor, subjectOf } from './common.js';

const CANCELLED = /\b(cancel(?:l?ed|s)?|called off)\b/i;
const TENTATIVE = /\b(tentative\w*|would like|wants?|request\w*|propos\w*|if possible|try to)\b/i;
const DURATION = /\b(\d{1,3})[- ]?(?:minutes?|mins?)\b/i;
const HOURS = /\b(\d{1,2}(?:\.\d)?)[- ]?(?:hours?|hrs?)\b/i;
const PRACTITIONER =
  /\bwith\s+((?:Dr\.?|Doctor|Nurse|NP|PA)\s+[A-Z][A-Za-z'-]+(?:\s+[A-Z][A-Za-z'-]+)?)/;
const CUE = /\b(appointment|appt|visit|follow[- ]?up|booked|scheduled|reschedul\w*)\b/i;

/**
 * Appointment (base R4; US Core has no Appointment profile). R4 allows start and end only
 * together, and only proposed or cancelled appointments without them: an appointment is
 * `booked` with start and end when the text gives a time of day and a length (unless it
 * reads as tentative, "would like", "request"), otherwise `proposed` with the date as its
 * requested period. No time or length is ever invented.
 */
export const buildAppointment: Builder = (input: BuildInput): Built<Appointment> | null => {
  const { text } = input.analysis;
  const cue = findSpan(text, CUE);
  const date = [...input.analysis.dates].sort((a, b) => a.span.start - b.span.start)[0];
  if (!cue && !date) return null;
  const derivations = new Derivations();
  const start = date ? toInstant(date.value) : undefined;
  const minutesSpan = findSpan(text, DURATION);
  const hoursSpan = minutesSpan ? undefined : findSpan(text, HOURS);
  const minutes = minutesSpan
    ? Number(minutesSpan.text)
    : hoursSpan
      ? Math.round(Number(hoursSpan.text) * 60)
      : undefined;
  const cancelled = findSpan(text, CANCELLED);
  const tentative = findSpan(text, TENTATIVE);
  const timed = Boolean(start && minutes);
  const status: Appointment['status'] = cancelled
    ? 'cancelled'
    : timed && !tentative
      ? 'booked'
      : 'proposed';
  if (cancelled) derivations.record('status', cancelled, 'lexicon:appointment-status');
  else if (tentative) derivations.record('status', tentative, 'lexicon:tentative');
  else
    derivations.recordDefault(
      'status',
      timed ? 'rule:timed-is-booked' : 'rule:untimed-is-proposed',
    );

  const appointment: Appointment = {
    resourceType: 'Appointment',
    meta: metaFor('appointment'),
    status,
    participant: [],
  };
  if (date && timed && start && minutes) {
    appointment.start = start;
    appointment.end = addMinutes(start, minutes);
    appointment.minutesDuration = minutes;
    derivations.record('start', date.span, 'date');
    derivations.record('minutesDuration', minutesSpan ?? hoursSpan, 'pattern:duration');
  } else if (date) {
    appointment.requestedPeriod = [{ start: toDateTime(date.value) }];
    derivations.record('requestedPeriod[0].start', date.span, 'date');
  }
  const reasons = input.analysis.phrases.filter(
    (phrase) => phrase.category === 'problem' && isAffirmed(phrase.assertion),
  );
  if (reasons.length > 0) {
    appointment.reasonCode = reasons.map((phrase) =>
      conceptOf(phrase.span.text, input.links.get(phrase.span)),
    );
    reasons.forEach((phrase, index) =>
      derivations.record(`reasonCode[${index}]`, phrase.span, 'text'),
    );
  }
  const description = input.analysis.sentences[0] ?? { start: 0, end: text.length, text };
  appointment.description = description.text.trim().slice(0, 500);
  derivations.record('description', description, 'text');
  const participantStatus = status === 'booked' ? 'accepted' : 'needs-action';
  appointment.participant.push({
    actor: subjectOf(input, 'participant[0].actor', derivations),
    status: participantStatus,
  });
  const practitioner = findSpan(text, PRACTITIONER);
  if (practitioner) {
    appointment.participant.push({
      actor: { display: practitioner.text },
      status: participantStatus,
    });
    derivations.record('participant[1].actor', practitioner, 'pattern:practitioner');
  }
  return {
    resource: appointment,
    derivations: derivations.list(),
    description: `Appointment (${status})${appointment.start ? ` at ${appointment.start}` : date ? ` on ${date.value}` : ''}`,
  };
};
