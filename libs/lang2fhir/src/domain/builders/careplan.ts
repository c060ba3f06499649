import type { BuildInput, Builder, Built } from '../build-input.js';
import { SYSTEM } from '../code-systems.js';
import { Derivations } from '../derivation.js';
import type { CarePlan } from '../fhir.js';
import { conceptOf, escapeXhtml, fixedConcept, toDateTime } from '../fhir-values.js';
import { findSpan } from '../text-spans.js';
import { metaFor, subjectOf } from './common.js';

type Activity = NonNullable<CarePlan['activity']>[number];

const MAX_NARRATIVE = 10_000;
const CUE =
  /\b(care plan|plan of care|treatment plan|plan:|plan\b|goals?|will (?:start|continue|begin)|follow[- ]?up)\b/i;

/**
 * US Core CarePlan (assess-plan): the text itself is the narrative (US Core requires one),
 * and each medication, procedure, lab test or referral it names becomes an activity,
 * `doNotPerform` when the text denies it. `in-progress` for what is continued, else
 * `not-started`.
 */
export const buildCarePlan: Builder = (input: BuildInput): Built<CarePlan> | null => {
  const { analysis } = input;
  const cue = findSpan(analysis.text, CUE);
  const medications = analysis.medications.filter((medication) => !medication.assertion.family);
  const services = analysis.phrases.filter(
    (phrase) =>
      (phrase.category === 'procedure' || phrase.category === 'lab') && !phrase.assertion.family,
  );
  if (!cue && medications.length === 0 && services.length === 0) return null;
  const derivations = new Derivations();
  const activity: Activity[] = [];
  const continued = (start: number) =>
    /\b(continue|continuing|remain on|stay on)\b/i.test(
      analysis.text.slice(Math.max(0, start - 40), start),
    );
  for (const medication of medications) {
    derivations.record(
      `activity[${activity.length}].detail.productCodeableConcept`,
      medication.span,
      'text',
    );
    activity.push({
      detail: {
        kind: 'MedicationRequest',
        status: continued(medication.span.start) ? 'in-progress' : 'not-started',
        ...(medication.assertion.negated ? { doNotPerform: true } : {}),
        productCodeableConcept: conceptOf(
          [medication.name.text, medication.strength?.text].filter(Boolean).join(' '),
          input.links.get(medication.span),
        ),
        ...(medication.sig ? { description: medication.sig.text.trim() } : {}),
      },
    });
  }
  for (const service of services) {
    derivations.record(`activity[${activity.length}].detail.code`, service.span, 'text');
    activity.push({
      detail: {
        kind: 'ServiceRequest',
        status: continued(service.span.start) ? 'in-progress' : 'not-started',
        ...(service.assertion.negated ? { doNotPerform: true } : {}),
        code: conceptOf(service.span.text, input.links.get(service.span)),
      },
    });
  }
  const first = [...analysis.dates].sort((a, b) => a.span.start - b.span.start)[0];
  if (first) derivations.record('period.start', first.span, 'date');
  const narrative = analysis.text.trim().slice(0, MAX_NARRATIVE);
  derivations.record(
    'text.div',
    { start: 0, end: analysis.text.length, text: analysis.text },
    'text:narrative',
  );
  const carePlan: CarePlan = {
    resourceType: 'CarePlan',
    meta: metaFor('careplan'),
    text: {
      status: 'additional',
      div: `<div xmlns="http://www.w3.org/1999/xhtml"><p>${escapeXhtml(narrative)}</p></div>`,
    },
    status: 'active',
    intent: 'plan',
    category: [
      fixedConcept(SYSTEM.CAREPLAN_CATEGORY, 'assess-plan', 'Assessment and Plan of Treatment'),
    ],
    title: 'Care plan',
    subject: subjectOf(input, 'subject', derivations),
    ...(input.encounter ? { encounter: input.encounter } : {}),
    ...(first ? { period: { start: toDateTime(first.value) } } : {}),
    ...(activity.length > 0 ? { activity } : {}),
  };
  return {
    resource: carePlan,
    derivations: derivations.list(),
    description: `Care plan with ${activity.length} activit${activity.length === 1 ? 'y' : 'ies'}`,
  };
};
