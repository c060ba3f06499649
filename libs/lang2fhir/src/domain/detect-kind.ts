import type { ClinicalAnalysis, TextSpan } from '@app/clinical-nlp';
import { isAffirmed } from './builders/common.js';
import { visitCue } from './cues.js';
import { hasPersonDetails } from './builders/patient.js';
import { readWrittenForm } from './question-lines.js';
import type { ResourceKind } from './resource-kinds.js';
import { findSpan } from './text-spans.js';

export interface DetectedKind {
  kind: ResourceKind;
  /** Why: the words that decided, or the mentions that were counted. */
  reason: string;
  span?: TextSpan;
}

const FORM_WORDS = /\b(questionnaire|survey|screening form|intake form|checklist)\b/i;
const INSURANCE =
  /\b(insurance|insured|insurer|coverage|covered by|member id|policy (?:number|holder)|payer|subscriber|medicare|medicaid|tricare)\b/i;
const APPOINTMENT = /\b(appointment|appt|booked|reschedul\w*)\b/i;
const CARE_PLAN = /\b(care plan|plan of care|treatment plan)\b/i;
const PRESCRIBE =
  /\b(prescri\w*|rx|start(?:ed)?|begin|initiat\w*|continue|take|taking|give|dispense|refill)\b/i;
const ORDER =
  /\b(order(?:ed)?|refer(?:red|ral)?|request(?:ed)?|obtain|schedule(?:d)? (?:a|an|for))\b/i;
// A procedure reported as done ("underwent …", "s/p …", "… performed this visit").
const DONE = /\b(underwent|undergone|s\/p|status post|performed)\b/i;
const HISTORY_OF = /\b(s\/p|status post)\b/i;
const DIAGNOSIS = /\b(diagnos(?:is|ed|es)|dx|assessment|impression)\b/i;
const RESULT =
  /\b(showed|shows|revealed|reveals|demonstrat\w*|result(?:s|ed)?|consistent with|impression)\b/i;

/**
 * `auto`: the kind of resource the text is about. Words that name a kind decide first
 * (a form with questions, insurance, an appointment, a care plan, an order, a
 * diagnosis made at a visit); otherwise the kind of mention the text holds most of
 * (medications, problems, vital signs, lab results, procedures, findings), then a visit,
 * then a person. Null when the text holds nothing to build from.
 */
export function detectKind(analysis: ClinicalAnalysis): DetectedKind | null {
  const { text } = analysis;
  const form = readWrittenForm(text);
  const asked = form.questions.filter((question) => question.question.text.endsWith('?'));
  const formWords = findSpan(text, FORM_WORDS);
  if (asked.length > 0 || (formWords && form.questions.length > 0)) {
    const answered = (asked.length > 0 ? asked : form.questions).some(
      (question) => question.answer,
    );
    return {
      kind: answered ? 'questionnaireresponse' : 'questionnaire',
      reason: answered ? 'questions with answers' : 'questions without answers',
      span: formWords ?? asked[0]?.question,
    };
  }
  const decisive: [RegExp, ResourceKind, string][] = [
    [INSURANCE, 'coverage', 'insurance words'],
    [APPOINTMENT, 'appointment', 'appointment words'],
    [CARE_PLAN, 'careplan', 'care plan words'],
  ];
  for (const [pattern, kind, reason] of decisive) {
    const span = findSpan(text, pattern);
    if (span) return { kind, reason, span };
  }

  const own = analysis.phrases.filter((phrase) => !phrase.assertion.family);
  const affirmed = own.filter((phrase) => isAffirmed(phrase.assertion));
  const count = (category: string) =>
    affirmed.filter((phrase) => phrase.category === category).length;
  const medications = analysis.medications.filter((medication) => isAffirmed(medication.assertion));

  const order = findSpan(text, ORDER);
  if (order && own.some((phrase) => phrase.category === 'lab' || phrase.category === 'procedure'))
    return { kind: 'servicerequest', reason: 'an order for a test or procedure', span: order };
  const prescribe = findSpan(text, PRESCRIBE);
  if (prescribe && medications.length > 0)
    return { kind: 'medicationrequest', reason: 'a medication to take', span: prescribe };
  const diagnosis = findSpan(text, DIAGNOSIS);
  if (diagnosis && count('problem') > 0 && visitCue(text))
    return {
      kind: 'condition-encounter-diagnosis',
      reason: 'a diagnosis made at a visit',
      span: diagnosis,
    };
  const result = findSpan(text, RESULT);
  if (
    result &&
    own.some((phrase) => phrase.category === 'observation' || phrase.category === 'procedure')
  )
    return { kind: 'observation-clinical-result', reason: 'a test with its result', span: result };
  // A test the engine has no phrase for, named before the words that report its result
  // ("Tilt table testing showed …"): the result is built from the name written there.
  if (
    result &&
    own.length === 0 &&
    medications.length === 0 &&
    /[A-Za-z]{3,}/.test(text.slice(0, result.start))
  )
    return {
      kind: 'observation-clinical-result',
      reason: 'a named test with its result',
      span: result,
    };

  const done = findSpan(text, DONE);
  // "s/p MI" reports a past problem; "s/p appendectomy", or a done thing the engine has no
  // phrase for, a procedure.
  if (
    done &&
    medications.length === 0 &&
    !(HISTORY_OF.test(done.text) && count('problem') > 0 && count('procedure') === 0)
  )
    return { kind: 'procedure', reason: 'a procedure reported as done', span: done };

  const tallies: [ResourceKind, number, string][] = [
    ['medicationrequest', medications.length, 'medications'],
    ['condition-problems-health-concerns', count('problem'), 'problems'],
    [
      'vital-signs',
      analysis.vitals.filter((vital) => !vital.assertion.negated).length,
      'vital signs',
    ],
    ['observation-lab', count('lab'), 'lab results'],
    ['procedure', count('procedure'), 'procedures'],
    ['simple-observation', count('observation'), 'findings'],
  ];
  const visit = visitCue(text);
  const problems = affirmed.filter((phrase) => phrase.category === 'problem');
  if (
    visit &&
    problems.length > 0 &&
    problems.every((problem) => isVisitReason(text, problem.span))
  )
    return { kind: 'encounter', reason: 'a visit and its reasons', span: visit };
  const [best] = [...tallies].sort((a, b) => b[1] - a[1]);
  if (best[1] > 0) return { kind: best[0], reason: `${best[1]} ${best[2]}` };
  if (own.some((phrase) => phrase.category === 'problem'))
    return { kind: 'condition-problems-health-concerns', reason: 'a denied problem' };
  if (visit) return { kind: 'encounter', reason: 'a visit', span: visit };
  if (hasPersonDetails(analysis.person)) return { kind: 'patient', reason: 'a person' };
  return null;
}

/** "seen for chest pain", "admitted with pneumonia": the problem is why the visit happened. */
function isVisitReason(text: string, span: TextSpan): boolean {
  return /\b(for|with|because of|due to)\s+(?:(?:an?|the|his|her|their|worsening|new|acute)\s+)*$/i.test(
    text.slice(Math.max(0, span.start - 40), span.start),
  );
}
