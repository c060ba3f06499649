import type { BuildInput, Builder, Built } from '../build-input.js';
import { Derivations } from '../derivation.js';
import type { QuestionnaireResponse } from '../fhir.js';
import { answerValue, readWrittenForm } from '../question-lines.js';
import { readReportedScreening, type ReportedScreening } from '../reported-screening.js';
import { metaFor, nowAt, subjectOf } from './common.js';
import { computableName } from './questionnaire.js';

type Item = NonNullable<QuestionnaireResponse['item']>[number];
type Answer = NonNullable<Item['answer']>[number];

/** The canonical of the questionnaire a text form answers, from its title. */
export function questionnaireCanonical(title: string): string {
  return `urn:clinical-interop:lang2fhir:questionnaire:${computableName(title)}`;
}

function answerOf(text: string): Answer {
  const { kind, value } = answerValue(text);
  switch (kind) {
    case 'boolean':
      return { valueBoolean: value as boolean };
    case 'integer':
      return { valueInteger: value as number };
    case 'decimal':
      return { valueDecimal: value as number };
    case 'date':
      return { valueDate: value as string };
    default:
      return { valueString: value as string };
  }
}

/**
 * US Core QuestionnaireResponse from questions and their answers written as text. It
 * points at the questionnaire by a canonical made from the form's title (the same
 * linkIds as the Questionnaire built from the same text), since the text names none.
 */
export const buildQuestionnaireResponse: Builder = (
  input: BuildInput,
): Built<QuestionnaireResponse> | null => {
  const form = readWrittenForm(input.analysis.text);
  const answered = form.questions.filter((question) => question.answer);
  if (answered.length === 0) {
    const screening = readReportedScreening(input.analysis.text);
    return screening ? buildFromScreening(input, screening) : null;
  }
  const derivations = new Derivations();
  const title = form.title?.text.replace(/[:.]+$/, '').trim() || 'Questionnaire';
  if (form.title) derivations.record('questionnaire', form.title, 'text:title');
  else derivations.recordDefault('questionnaire', 'default:title');
  const items: Item[] = form.questions.map((question, index) => {
    derivations.record(`item[${index}].text`, question.question, 'text:question');
    if (question.answer)
      derivations.record(`item[${index}].answer[0]`, question.answer, 'text:answer');
    return {
      linkId: question.linkId,
      text: question.question.text,
      ...(question.answer ? { answer: [answerOf(question.answer.text)] } : {}),
    };
  });
  const response: QuestionnaireResponse = {
    resourceType: 'QuestionnaireResponse',
    meta: metaFor('questionnaireresponse'),
    questionnaire: questionnaireCanonical(title),
    status: answered.length === form.questions.length ? 'completed' : 'in-progress',
    subject: subjectOf(input, 'subject', derivations),
    authored: nowAt(input, 'authored', derivations),
    item: items,
  };
  return {
    resource: response,
    derivations: derivations.list(),
    description: `Answers to "${title}": ${answered.length} of ${items.length} answered`,
  };
};

/**
 * A screening reported as done ("completed the PHQ-9, score 12, indicating moderate
 * depression"): the instrument names the questionnaire, its score and interpretation are
 * the answers.
 */
function buildFromScreening(
  input: BuildInput,
  screening: ReportedScreening,
): Built<QuestionnaireResponse> {
  const derivations = new Derivations();
  const title = screening.instrument.text.replace(/[:.]+$/, '').trim();
  derivations.record('questionnaire', screening.instrument, 'text:instrument');
  const items: Item[] = [];
  if (screening.score) {
    derivations.record(`item[${items.length}].answer[0]`, screening.score.span, 'text:score');
    const value = screening.score.value;
    items.push({
      linkId: 'total-score',
      text: 'Total score',
      answer: [Number.isInteger(value) ? { valueInteger: value } : { valueDecimal: value }],
    });
  }
  if (screening.interpretation) {
    derivations.record(
      `item[${items.length}].answer[0]`,
      screening.interpretation,
      'text:interpretation',
    );
    items.push({
      linkId: 'interpretation',
      text: 'Interpretation',
      answer: [{ valueString: screening.interpretation.text }],
    });
  }
  const response: QuestionnaireResponse = {
    resourceType: 'QuestionnaireResponse',
    meta: metaFor('questionnaireresponse'),
    questionnaire: questionnaireCanonical(title),
    status: 'completed',
    subject: subjectOf(input, 'subject', derivations),
    authored: nowAt(input, 'authored', derivations),
    item: items,
  };
  return {
    resource: response,
    derivations: derivations.list(),
    description: `Completed "${title}": ${items.map((item) => `${item.text} ${JSON.stringify(Object.values(item.answer?.[0] ?? {})[0])}`).join(', ')}`,
  };
}
