import type { BuildInput, Builder, Built } from '../build-input.js';
import { Derivations } from '../derivation.js';
import type { Questionnaire } from '../fhir.js';
import { readInstructionForm } from '../instruction-form.js';
import { readWrittenForm, questionKind, type WrittenForm } from '../question-lines.js';
import { metaFor, today } from './common.js';

type Item = NonNullable<Questionnaire['item']>[number];

/** A computable name (FHIR's `name` pattern) for a title: "PHQ-2 screening" → "Phq2Screening". */
export function computableName(title: string): string {
  const words = title.match(/[A-Za-z0-9]+/g) ?? [];
  const name = words
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join('');
  return /^[A-Z]/.test(name) ? name.slice(0, 255) : `Form${name}`.slice(0, 255);
}

/** The questions of a form written as text, else the things an instruction lists. */
function formOf(text: string): WrittenForm | undefined {
  const written = readWrittenForm(text);
  if (written.questions.length > 0) return written;
  return readInstructionForm(text);
}

/**
 * Questionnaire (base R4; US Core defines none) from a form written as text: each question
 * becomes an item, typed from its wording (yes/no, how many, when, or a list of choices).
 * An instruction ("Indicate your history of A, B and C") gives one yes/no item per thing
 * listed.
 */
export const buildQuestionnaire: Builder = (input: BuildInput): Built<Questionnaire> | null => {
  const form = formOf(input.analysis.text);
  if (!form) return null;
  const derivations = new Derivations();
  const title = form.title?.text.replace(/[:.]+$/, '').trim() || 'Questionnaire';
  if (form.title) derivations.record('title', form.title, 'text:title');
  else derivations.recordDefault('title', 'default:title');
  const items: Item[] = form.questions.map((question, index) => {
    derivations.record(`item[${index}].text`, question.question, 'text:question');
    const text = question.wording ?? question.question.text;
    const kind = question.kind ?? questionKind(text, question.options);
    return {
      linkId: question.linkId,
      text,
      type: kind,
      ...(kind === 'choice'
        ? {
            answerOption: question.options.map((option) => ({
              valueCoding: { code: option.toLowerCase().replace(/\s+/g, '-'), display: option },
            })),
          }
        : {}),
    };
  });
  const questionnaire: Questionnaire = {
    resourceType: 'Questionnaire',
    meta: metaFor('questionnaire'),
    name: computableName(title),
    title,
    status: 'active',
    subjectType: ['Patient'],
    date: today(input),
    item: items,
  };
  return {
    resource: questionnaire,
    derivations: derivations.list(),
    description: `Questionnaire "${title}" with ${items.length} question${items.length === 1 ? '' : 's'}`,
  };
};
