import { spanAt } from './text-spans.js';
import type { WrittenForm, WrittenQuestion } from './question-lines.js';

// "Indicate your family history of A, B and C", "Please list any allergies: A; B", "Check all
// that apply: A, B": an instruction and the things it asks about.
const INSTRUCTION =
  /^\s*(?:please\s+)?(?:indicate|list|check|select|mark|tick|tell us(?: about)?|describe|note|record|report|enter|state|specify|provide|document|share|answer)\b/i;
const LIST_INTRO =
  /\b(?:of|for|about|whether you have(?: ever)?(?: had)?|if you have(?: ever)?(?: had)?|including|such as)\s+/i;
const TRAILER = /\s*[-–—(]?\s*(?:check|select|mark|tick) all that apply\)?\s*[.:]?\s*$/i;
const ANY_OTHER = /^(?:and\s+|or\s+)?any other\b/i;

/**
 * A form written as an instruction rather than as questions: each thing listed becomes a
 * yes/no item ("Family history of diabetes?"), "any other …" a free-text one. Undefined when
 * the text is neither an instruction nor a labelled list.
 */
export function readInstructionForm(text: string): WrittenForm | undefined {
  const trailer = TRAILER.exec(text);
  const body = trailer ? text.slice(0, trailer.index) : text.replace(/[\s.]+$/, '');
  const colon = body.indexOf(':');
  let topic: string;
  let listStart: number;
  if (colon > 0 && body.slice(colon + 1).trim() !== '') {
    topic = '';
    listStart = colon + 1;
  } else {
    if (!INSTRUCTION.test(body)) return undefined;
    const intro = LIST_INTRO.exec(body);
    if (!intro) {
      // An instruction with no list: one free-text item asking it.
      const question = spanAt(text, 0, body.length);
      return { questions: [{ linkId: '1', question, options: [], kind: 'string' }] };
    }
    topic = body
      .slice(0, intro.index)
      .replace(INSTRUCTION, '')
      .replace(/^\s*(?:your|any|all|the)\s+/i, '')
      .trim();
    if (/^of$/i.test(intro[0].trim())) topic = `${topic} of`;
    listStart = intro.index + intro[0].length;
  }
  const questions: WrittenQuestion[] = [];
  const separator = /\s*(?:,|;|\band\b|\bor\b)\s*/gi;
  let from = listStart;
  const pushItem = (start: number, end: number) => {
    const span = spanAt(text, start, end);
    const words = span.text.replace(/^(?:and|or)\s+/i, '').trim();
    if (words === '') return;
    const other = ANY_OTHER.test(span.text);
    const wording = other
      ? capitalise(words)
      : `${capitalise(topic ? `${topic} ${words}` : words)}?`;
    questions.push({
      linkId: String(questions.length + 1),
      question: span,
      options: [],
      wording,
      kind: other ? 'string' : 'boolean',
    });
  };
  for (const match of body.slice(listStart).matchAll(separator)) {
    const at = listStart + match.index;
    // "any other relevant family medical history" stays one item, whatever "and"s follow.
    if (ANY_OTHER.test(body.slice(from, at).trim())) break;
    if (at > from) pushItem(from, at);
    from = at + match[0].length;
    if (ANY_OTHER.test(body.slice(from))) break;
  }
  pushItem(from, body.length);
  if (questions.length === 0) return undefined;
  const titleEnd = colon > 0 && topic === '' ? colon : Math.min(body.length, 120);
  return { title: spanAt(text, 0, titleEnd), questions };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
