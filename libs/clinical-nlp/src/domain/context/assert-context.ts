import type { Assertion, TextSpan } from '../clinical-analysis.js';
import { splitSentences } from '../text/split-sentences.js';
import { tokenize, type Token } from '../text/tokenize.js';
import { CONTEXT_LEXICON } from './context-lexicon.js';
import type { ContextCategory } from './context-trigger.js';
import { TriggerMatcher, type TriggerMatch } from './trigger-matcher.js';

export interface ContextOptions {
  /** Most words between a trigger and the target (NegEx used 5; ConText the sentence). */
  maxScopeWords?: number;
}

const DEFAULT_MAX_SCOPE_WORDS = 12;
// Punctuation that closes a trigger's scope: a new clause or list begins.
const SCOPE_BREAKING_PUNCTUATION = new Set([';', ':']);

let sharedMatcher: TriggerMatcher | undefined;
function matcher(): TriggerMatcher {
  sharedMatcher ??= new TriggerMatcher(CONTEXT_LEXICON);
  return sharedMatcher;
}

/**
 * NegEx/ConText assertion of the mention at `target` (offsets into `sentence`): negated,
 * uncertain, historical, hypothetical, about a family member. A forward trigger ("no",
 * "history of") reaches the words after it, a backward trigger ("ruled out", "unlikely") the
 * words before it, both up to a termination term of the category ("but", "presents with"),
 * a clause break or the scope limit. Pseudo-triggers ("no change", "gram negative") are
 * consumed without effect, and the target's own words never count as a trigger.
 */
export function assertContext(
  sentence: string,
  target: { start: number; end: number },
  options: ContextOptions = {},
): Assertion {
  const clause = clauseAround(sentence, target);
  const tokens = tokenize(sentence, clause.start, clause.end);
  const assertion: Assertion = {
    negated: false,
    uncertain: false,
    historical: false,
    family: false,
    hypothetical: false,
    triggers: [],
  };
  const targetTokens = tokenRange(tokens, target);
  if (!targetTokens) return assertion;
  const matches = matcher().match(tokens, targetTokens);
  const maxWords = options.maxScopeWords ?? DEFAULT_MAX_SCOPE_WORDS;
  const found = new Set<ContextCategory>();
  for (const match of matches) {
    for (const kind of match.kinds) {
      if (found.has(kind.category)) continue;
      const reaches =
        (kind.direction === 'forward' &&
          reachesForward(tokens, matches, match, targetTokens.first, kind.category, maxWords)) ||
        (kind.direction === 'backward' &&
          reachesBackward(tokens, matches, match, targetTokens.last, kind.category, maxWords));
      if (!reaches) continue;
      found.add(kind.category);
      assertion.triggers.push(spanOf(sentence, match));
    }
  }
  assertion.negated = found.has('negated');
  assertion.historical = found.has('historical');
  assertion.family = found.has('family');
  assertion.hypothetical = found.has('hypothetical');
  assertion.uncertain = found.has('possible') || assertion.hypothetical;
  return assertion;
}

function reachesForward(
  tokens: Token[],
  matches: TriggerMatch[],
  trigger: TriggerMatch,
  targetFirst: number,
  category: ContextCategory,
  maxWords: number,
): boolean {
  if (trigger.last > targetFirst) return false;
  return scopeIsOpen(tokens, matches, trigger.last, targetFirst, category, maxWords);
}

function reachesBackward(
  tokens: Token[],
  matches: TriggerMatch[],
  trigger: TriggerMatch,
  targetLast: number,
  category: ContextCategory,
  maxWords: number,
): boolean {
  if (trigger.first < targetLast) return false;
  return scopeIsOpen(tokens, matches, targetLast, trigger.first, category, maxWords);
}

/** No terminator of the category, clause break or too many words in tokens [from, to). */
function scopeIsOpen(
  tokens: Token[],
  matches: TriggerMatch[],
  from: number,
  to: number,
  category: ContextCategory,
  maxWords: number,
): boolean {
  let words = 0;
  for (let i = from; i < to; i++) {
    if (tokens[i].kind === 'punct') {
      if (SCOPE_BREAKING_PUNCTUATION.has(tokens[i].text)) return false;
    } else if (++words > maxWords) return false;
  }
  return !matches.some(
    (m) =>
      m.first >= from &&
      m.first < to &&
      m.kinds.some((k) => k.category === category && k.direction === 'terminate'),
  );
}

function tokenRange(
  tokens: Token[],
  target: { start: number; end: number },
): { first: number; last: number } | undefined {
  const first = tokens.findIndex((t) => t.end > target.start);
  if (first < 0) return undefined;
  let last = first;
  while (last < tokens.length && tokens[last].start < target.end) last++;
  return last > first ? { first, last } : undefined;
}

function clauseAround(
  sentence: string,
  target: { start: number; end: number },
): { start: number; end: number } {
  const clause = splitSentences(sentence).find(
    (span) => span.start <= target.start && span.end >= target.end,
  );
  return clause ?? { start: 0, end: sentence.length };
}

function spanOf(sentence: string, match: TriggerMatch): TextSpan {
  return { start: match.start, end: match.end, text: sentence.slice(match.start, match.end) };
}
