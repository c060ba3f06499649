import type { TextSpan } from '../clinical-analysis.js';

export interface ParsedAsNeeded {
  asNeeded: true;
  reason?: string;
  span: TextSpan;
}

const PRN =
  '(?:prn|p\\.r\\.n\\.?|as needed|if needed|when needed|as required|when required|as necessary|if necessary|on demand)';
// Words that end a reason: the next part of the sig.
const STOP =
  "(?=\\s*(?:$|[,.;()]|\\b(?:every|each|q\\d|q\\s|qhs|qid|tid|bid|daily|x\\s?\\d|for|max|maximum|mdd|not\\s+to\\s+exceed|no\\s+more|do\\s+not|don't|up\\s+to|may|repeat|then|take|by|po|orally|at|with|or\\s+as|until|if|as|and\\s+(?:may|repeat|call)|per|in\\s+(?:the|each|both)|prn|as\\s+needed)\\b|\\d))";
const REASON =
  "([a-z][a-z/'-]*(?:\\s+(?!(?:every|each|for|x|max|maximum|not|do|up|may|repeat|then|take|by|po|at|with|until|if|as|per|and\\s+(?:may|repeat))\\b)[a-z][a-z/'-]*){0,7}?)";
// Sigs glue "prn" onto the frequency ("tidprn", "bidx30 daysprn") and "as needed" onto "prn".
const GLUED_OR_WORD_START = '(?:(?<![a-z])|(?<=bid|tid|qid|qd|daily|days|hs|po|prn))';
const ROUTE_SKIP = '(?:(?:po|orally|by mouth|sl|iv|im|topically|inhaled)\\s+)?';

const REASON_AFTER = new RegExp(
  `${GLUED_OR_WORD_START}${PRN}\\s*(?:for|of|to treat|to relieve|in case of)?\\s*${ROUTE_SKIP}(?:for\\s+)?${REASON}${STOP}`,
  'gi',
);
const REASON_BEFORE = new RegExp(`(?<![a-z])for\\s+${REASON}\\s+${PRN}(?![a-z])`, 'gi');
const BARE = new RegExp(`${GLUED_OR_WORD_START}${PRN}(?![a-z])`, 'i');

const NOT_REASONS = new Set([
  'use',
  'directed',
  'the',
  'a',
  'an',
  'and',
  'or',
  'up',
  'to',
  'daily',
  'day',
  'hours',
  'hour',
  'days',
  'mouth',
  'tablet',
  'tablets',
  'tab',
  'tabs',
  'capsule',
  'capsules',
  'dose',
  'doses',
  'take',
  'one',
  'two',
  'maximum',
  'max',
  'may',
  'mdd',
  'every',
  'as',
  'needed',
  'until',
  'with',
  'food',
  'orally',
  'by',
  'then',
  'prn',
  'once',
  'twice',
  'p.r.n',
]);

/** "prn", "as needed for pain", "prn po pain", "for sleep as needed". */
export function parseAsNeeded(text: string, offset = 0): ParsedAsNeeded | undefined {
  for (const pattern of [REASON_BEFORE, REASON_AFTER]) {
    // Overlapping search: "prnas needed for pain" first reads "as needed" as the reason.
    pattern.lastIndex = 0;
    let match: RegExpExecArray | null;
    while ((match = pattern.exec(text))) {
      if (isReason(match[1])) return result(match, offset, match[1]);
      pattern.lastIndex = match.index + 1;
    }
  }
  BARE.lastIndex = 0;
  const bare = BARE.exec(text);
  return bare ? result(bare, offset) : undefined;
}

function isReason(candidate: string | undefined): candidate is string {
  if (!candidate) return false;
  const words = candidate.toLowerCase().split(/\s+/);
  return !NOT_REASONS.has(words[0]) && candidate.length >= 3;
}

function result(match: RegExpExecArray, offset: number, reason?: string): ParsedAsNeeded {
  const span = {
    start: offset + match.index,
    end: offset + match.index + match[0].length,
    text: match[0],
  };
  // "paininstrmuscle relaxor": an instruction glued onto the reason.
  const cleaned = reason
    ?.replace(/instr.*$/i, '')
    .trim()
    .toLowerCase();
  return cleaned ? { asNeeded: true, reason: cleaned, span } : { asNeeded: true, span };
}
