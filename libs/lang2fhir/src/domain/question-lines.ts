import type { TextSpan } from '@app/clinical-nlp';
import { spanAt } from './text-spans.js';

/** One question of a form written as text, with the answer written after it (if any). */
export interface WrittenQuestion {
  linkId: string;
  question: TextSpan;
  answer?: TextSpan;
  /** Choices written with the question: "(never / sometimes / often)" or "options: a, b". */
  options: string[];
  /** The question as worded for the form when the text lists it rather than asks it. */
  wording?: string;
  /** The answer type when the text fixes it (an instruction's listed item is yes/no). */
  kind?: AnswerKind;
}

export interface WrittenForm {
  title?: TextSpan;
  questions: WrittenQuestion[];
}

const ITEM_PREFIX = /^\s*(?:(?:Q(?:uestion)?\s*)?(\d{1,3})[.):]|[-*•])\s*/i;
const OPTIONS = /\s*(?:\(([^()]*[/,|][^()]*)\)|options?:\s*(.+))\s*$/i;
const LABEL_VALUE = /^([A-Za-z][^:?]{0,80}):\s*(.*)$/;

interface Line {
  text: string;
  /** Offset of the line's content (after any item number) in the whole text. */
  start: number;
  number?: string;
}

/**
 * Reads questions and their answers from text: one per line ("1. Do you smoke? Yes",
 * "Smoking status: never"), or several in one line ("Do you smoke? Yes. How many packs
 * per day? 1."). The first line that is neither becomes the title. Items get their
 * written number as linkId, else their position.
 */
export function readWrittenForm(text: string): WrittenForm {
  const form: WrittenForm = { questions: [] };
  let offset = 0;
  for (const raw of text.split('\n')) {
    const prefix = ITEM_PREFIX.exec(raw);
    const skip = prefix ? prefix[0].length : 0;
    const line: Line = { text: raw.slice(skip), start: offset + skip, number: prefix?.[1] };
    offset += raw.length + 1;
    if (line.text.trim() === '') continue;
    if (line.text.includes('?')) readQuestions(text, line, form);
    else readStatement(text, line, form);
  }
  return form;
}

/** "Label: value" is a question with its answer, "Title: …" names the form, other lines may be the title. */
function readStatement(text: string, line: Line, form: WrittenForm): void {
  const labelled = LABEL_VALUE.exec(line.text);
  if (labelled) {
    const label = spanAt(text, line.start, line.start + labelled[1].length);
    const colon = line.start + line.text.indexOf(':');
    const value = spanAt(text, colon + 1, line.start + line.text.length);
    if (/^(title|form|questionnaire|survey)$/i.test(label.text)) {
      if (!form.title && value.text) form.title = value;
      return;
    }
    if (value.text === '' && form.questions.length === 0 && !form.title) {
      form.title = label;
      return;
    }
    push(form, line.number, label, value.text ? value : undefined, []);
    return;
  }
  if (!form.title && form.questions.length === 0)
    form.title = spanAt(text, line.start, line.start + line.text.length);
}

function readQuestions(text: string, line: Line, form: WrittenForm): void {
  const body = line.text;
  let number = line.number;
  let cursor = 0;
  let pending: Pick<WrittenQuestion, 'question' | 'options'> | undefined;
  const flush = (answerEnd: number) => {
    if (!pending) return;
    const answer = answerSpan(text, line.start + cursor, line.start + answerEnd);
    const choices = answer ? optionsIn(answer.text) : undefined;
    push(form, number, pending.question, choices ? undefined : answer, choices ?? pending.options);
    number = undefined;
    pending = undefined;
  };
  while (cursor < body.length) {
    const mark = body.indexOf('?', cursor);
    if (mark === -1) {
      flush(body.length);
      break;
    }
    // The previous question's answer ends at the last sentence break before this question.
    const chunk = body.slice(cursor, mark);
    const lastBreak = Math.max(
      chunk.lastIndexOf('. '),
      chunk.lastIndexOf('; '),
      chunk.lastIndexOf('! '),
    );
    const questionFrom = pending && lastBreak !== -1 ? cursor + lastBreak + 1 : cursor;
    flush(questionFrom === cursor ? cursor : cursor + lastBreak);
    pending = questionAt(text, line.start + questionFrom, line.start + mark + 1);
    cursor = mark + 1;
  }
  flush(body.length);
}

/** Choices written after a question: "(never / sometimes / often)" or "options: a, b". */
function optionsIn(written: string): string[] | undefined {
  const match = /^(?:\(([^()]*[/,|][^()]*)\)|options?:\s*(.+))$/i.exec(written.trim());
  return match ? splitOptions(match[1] ?? match[2]) : undefined;
}

function splitOptions(list: string): string[] {
  return list
    .split(/\s*[/,|]\s*|\s+or\s+/)
    .map((option) => option.trim())
    .filter(Boolean);
}

function questionAt(
  text: string,
  start: number,
  end: number,
): Pick<WrittenQuestion, 'question' | 'options'> {
  const raw = text.slice(start, end - 1);
  const options = OPTIONS.exec(raw);
  if (!options) return { question: spanAt(text, start, end), options: [] };
  return {
    question: spanAt(text, start, start + options.index),
    options: splitOptions(options[1] ?? options[2]),
  };
}

/** The answer between two offsets, without leading colons or dashes and trailing punctuation. */
function answerSpan(text: string, start: number, end: number): TextSpan | undefined {
  if (end <= start) return undefined;
  const raw = text.slice(start, end);
  const lead = /^[\s:–—-]*/.exec(raw)?.[0].length ?? 0;
  const trail = /[\s.;!]*$/.exec(raw)?.[0].length ?? 0;
  if (lead >= raw.length - trail) return undefined;
  return spanAt(text, start + lead, end - trail);
}

function push(
  form: WrittenForm,
  number: string | undefined,
  question: TextSpan,
  answer: TextSpan | undefined,
  options: string[],
): void {
  const taken = (id: string) => form.questions.some((item) => item.linkId === id);
  const linkId = number && !taken(number) ? number : String(form.questions.length + 1);
  form.questions.push({ linkId, question, ...(answer ? { answer } : {}), options });
}

export type AnswerKind = 'boolean' | 'integer' | 'decimal' | 'date' | 'string';

/** What kind of answer a question asks for, from its wording and written choices. */
export function questionKind(question: string, options: string[]): AnswerKind | 'choice' {
  if (options.length > 0)
    return options.every((option) => /^(yes|no)$/i.test(option)) ? 'boolean' : 'choice';
  const text = question.trim();
  if (/^(how many|how much|number of)\b/i.test(text)) return 'integer';
  if (/^(when|what date|on what date)\b/i.test(text) || /\bdate\b/i.test(text)) return 'date';
  if (/^(do|does|did|are|is|was|were|have|has|had|can|could|will|would|should)\b/i.test(text))
    return 'boolean';
  return 'string';
}

/** The typed value of a written answer. */
export function answerValue(answer: string): {
  kind: AnswerKind;
  value: boolean | number | string;
} {
  const text = answer.trim();
  if (/^(yes|y|true)$/i.test(text)) return { kind: 'boolean', value: true };
  if (/^(no|n|false)$/i.test(text)) return { kind: 'boolean', value: false };
  if (/^-?\d+$/.test(text)) return { kind: 'integer', value: Number(text) };
  if (/^-?\d+\.\d+$/.test(text)) return { kind: 'decimal', value: Number(text) };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { kind: 'date', value: text };
  return { kind: 'string', value: text };
}
