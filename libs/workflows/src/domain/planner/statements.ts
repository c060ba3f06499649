/**
 * The structure of the instructions: sentences become plain actions, conditionals
 * ("if …, …, otherwise …"; "… if …"; "unless …") or the "otherwise" of the sentence
 * before. Actions are clauses, each of which becomes at most one step.
 */
export type Statement =
  | { kind: 'actions'; text: string; clauses: string[] }
  | {
      kind: 'conditional';
      text: string;
      condition: string;
      negated: boolean;
      then: string[];
      otherwise: string[];
    }
  /** `ifNot`: written "If not, …", which also reads as "if the last search found nothing". */
  | { kind: 'otherwise'; text: string; clauses: string[]; ifNot: boolean };

/** Verbs that start an action clause (searches, creations, sub-workflow calls, and refused edits). */
export const ACTION_VERBS = [
  'find',
  'search',
  'look',
  'lookup',
  'locate',
  'retrieve',
  'get',
  'fetch',
  'query',
  'check',
  'verify',
  'identify',
  'match',
  'read',
  'pull',
  'create',
  'add',
  'record',
  'register',
  'document',
  'enter',
  'save',
  'store',
  'write',
  'log',
  'order',
  'prescribe',
  'schedule',
  'book',
  'submit',
  'capture',
  'make',
  'generate',
  'file',
  'post',
  'insert',
  'place',
  'raise',
  'open',
  'send',
  'notify',
  'flag',
  'run',
  'call',
  'execute',
  'invoke',
  'trigger',
  'start',
  'launch',
  'update',
  'delete',
  'remove',
  'modify',
  'edit',
  'change',
  'cancel',
];

const VERB_ALTERNATION = ACTION_VERBS.join('|');
const FILLER =
  '(?:(?:then|also|next|finally|first|afterwards|after that|lastly|please|and|now)[,\\s]+)*';
const CONDITION_LEAD =
  /^(?:if|when|whenever|in case|in the case that|should|provided that|once)\s+/i;
const OTHERWISE_LEAD = /^(?:otherwise|else|or else)\b[,:]?\s*/i;
const IF_NOT_LEAD = /^if (?:not|none|no match|nothing is found|nothing was found)\s*[,:]\s*/i;
const OTHERWISE_SPLIT =
  /(?:[,;]\s*|\s+)(?:otherwise|else|or else)\b[,:]?\s*|[,;]\s*if not\b[,:]?\s*/i;
const ABBREVIATIONS = /\b(?:e\.g|i\.e|dr|mr|mrs|ms|vs|etc|approx|no)\.$/i;

export function splitSentences(instructions: string): string[] {
  const sentences: string[] = [];
  for (const rawLine of instructions.split(/\r?\n/)) {
    // One space between words: the patterns below then never face long runs of blanks.
    const line = rawLine
      .replace(/\s+/g, ' ')
      .replace(/^\s*(?:\d+[.)]|[-*•]|step \d+[:.)]?)\s+/i, '')
      .trim();
    if (line === '') continue;
    let current = '';
    const parts = line.split(/(?<=[.!?;])\s+/);
    for (const part of parts) {
      current = current === '' ? part : `${current} ${part}`;
      if (!ABBREVIATIONS.test(current)) {
        sentences.push(current);
        current = '';
      }
    }
    if (current !== '') sentences.push(current);
  }
  return sentences.map(trimSentence).filter((sentence) => sentence !== '');
}

function trimSentence(sentence: string): string {
  return sentence.replace(/[\s.!?;:,]+$/, '').trim();
}

export function parseStatement(sentence: string): Statement {
  const otherwise = OTHERWISE_LEAD.exec(sentence) ?? IF_NOT_LEAD.exec(sentence);
  if (otherwise) {
    return {
      kind: 'otherwise',
      text: sentence,
      clauses: splitClauses(sentence.slice(otherwise[0].length)),
      ifNot: /^if/i.test(otherwise[0]),
    };
  }
  const lead = CONDITION_LEAD.exec(sentence) ?? /^unless\s+/i.exec(sentence);
  if (lead) {
    const negated = /^unless/i.test(lead[0]);
    const rest = sentence.slice(lead[0].length);
    const [condition, action] = splitConditionFromAction(rest);
    if (action !== null) {
      const [thenPart, otherwisePart] = splitOtherwise(action);
      return {
        kind: 'conditional',
        text: sentence,
        condition,
        negated,
        then: splitClauses(thenPart),
        otherwise: otherwisePart === null ? [] : splitClauses(otherwisePart),
      };
    }
  }
  const trailing = new RegExp(
    `^(${FILLER}(?:${VERB_ALTERNATION})\\b.+?)\\s+(?:only\\s+)?(if|when|unless)\\s+(.+)$`,
    'i',
  ).exec(sentence);
  if (trailing) {
    const [thenPart, otherwisePart] = splitOtherwise(trailing[3]);
    return {
      kind: 'conditional',
      text: sentence,
      condition: thenPart,
      negated: trailing[2].toLowerCase() === 'unless',
      then: splitClauses(trailing[1]),
      otherwise: otherwisePart === null ? [] : splitClauses(otherwisePart),
    };
  }
  return { kind: 'actions', text: sentence, clauses: splitClauses(sentence) };
}

/** "the patient is not found, create …" → the condition and the action. */
function splitConditionFromAction(rest: string): [string, string | null] {
  const separator = /,\s*(?:then\s+)?|\s+then\s+/i.exec(rest);
  if (separator) {
    return [
      rest.slice(0, separator.index).trim(),
      rest.slice(separator.index + separator[0].length).trim(),
    ];
  }
  // No comma: the action starts at the first action verb after the condition's own words.
  const verb = new RegExp(`\\s(?:${VERB_ALTERNATION})\\b`, 'i').exec(rest);
  if (verb && verb.index > 0) {
    return [rest.slice(0, verb.index).trim(), rest.slice(verb.index).trim()];
  }
  return [rest, null];
}

function splitOtherwise(action: string): [string, string | null] {
  const match = OTHERWISE_SPLIT.exec(action);
  if (!match) return [action, null];
  return [action.slice(0, match.index).trim(), action.slice(match.index + match[0].length).trim()];
}

/** "find the patient and create a condition, then add a flag" → three clauses. */
export function splitClauses(text: string): string[] {
  const boundary = new RegExp(
    `\\s*(?:[,;]\\s*(?:and\\s+)?then\\s+|\\s+and\\s+then\\s+|\\s+then\\s+|;\\s*|,\\s*(?:and\\s+)?(?=(?:also\\s+)?(?:${VERB_ALTERNATION})\\b)|\\s+and\\s+(?=(?:also\\s+)?(?:${VERB_ALTERNATION})\\b))`,
    'i',
  );
  return text
    .split(boundary)
    .map((clause) => clause.replace(new RegExp(`^${FILLER}`, 'i'), '').trim())
    .map(trimSentence)
    .filter((clause) => clause !== '');
}
