import type { TextSpan } from '../clinical-analysis.js';
import { tokenize, type Token } from '../text/tokenize.js';

// Words that end a noun phrase: prepositions that start an adjunct, verbs, time words.
const BOUNDARY = new Set([
  'and',
  'or',
  'but',
  'nor',
  'for',
  'since',
  'that',
  'which',
  'who',
  'whom',
  'whose',
  'x',
  'on',
  'at',
  'started',
  'starting',
  'was',
  'were',
  'is',
  'are',
  'has',
  'have',
  'had',
  'last',
  'this',
  'today',
  'yesterday',
  'ago',
  'until',
  'after',
  'before',
  'due',
  'secondary',
  'because',
  'per',
  'status',
  's/p',
  'taking',
  'takes',
  'also',
  'currently',
  'presents',
  'presented',
  'reports',
  'reported',
  'denies',
  'denied',
  'then',
  'while',
  'when',
  'during',
  'over',
  'as',
  'if',
  'since',
  'so',
  'now',
  'still',
  'being',
  'been',
  'will',
  'would',
  'should',
  'may',
  'might',
  'can',
  'could',
  'to',
  'from',
  'by',
  'into',
  'did',
  'does',
  'do',
  'not',
  'no',
  'without',
  'he',
  'she',
  'they',
  'his',
  'her',
  'their',
  'him',
  'them',
  'patient',
  'pt',
  'who',
  'treated',
  'managed',
  'controlled',
  'well',
  'poorly',
  'diagnosed',
  'noted',
  'seen',
  'found',
  'given',
  'prescribed',
  'started',
  'stable',
  'improving',
  'improved',
  'resolved',
  'worse',
  'better',
  'weeks',
  'days',
  'months',
  'years',
  'week',
  'day',
  'month',
  'year',
  'hours',
  'hour',
  'in',
  'with',
]);
// Leading words dropped from a phrase: articles, quantifiers and degree words.
const LEADING = new Set([
  'a',
  'an',
  'the',
  'any',
  'some',
  'mild',
  'moderate',
  'severe',
  'intermittent',
  'occasional',
  'recent',
  'new',
  'worsening',
  'persistent',
  'significant',
  'frequent',
  'slight',
  'minimal',
  'ongoing',
  'progressive',
  'sudden',
  'sharp',
  'dull',
  'known',
  'possible',
  'probable',
  'likely',
  'suspected',
  'other',
  'several',
  'mildly',
  'markedly',
  'very',
  'some',
  'increased',
  'decreased',
  'history',
  'of',
  'hx',
  'h/o',
  'further',
]);
// Phrases that are not findings even though they read as nouns.
const NOT_FINDINGS = new Set([
  'complaint',
  'complaints',
  'medication',
  'medications',
  'meds',
  'symptom',
  'symptoms',
  'problem',
  'problems',
  'issue',
  'issues',
  'illness',
  'following',
  'visit',
  'appointment',
  'follow',
  'change',
  'changes',
  'note',
  'plan',
  'care',
  'treatment',
  'therapy',
  'evaluation',
  'workup',
  'exam',
  'examination',
  'results',
  'result',
  'significant',
  'relevant',
  'acute distress',
  'distress',
  'one',
  'none',
  'other',
  'others',
  'similar',
  'family',
  'mother',
  'father',
  'sister',
  'brother',
  'home',
  'work',
  'ed',
  'er',
  'clinic',
  'hospital',
]);

const MAX_WORDS = 5;

/** Words a number belongs to inside a finding: "stage 3", "type 2", "grade II", "class 4". */
export const STAGING_WORDS = new Set([
  'stage',
  'type',
  'grade',
  'class',
  'level',
  'degree',
  'phase',
]);

function isStagingNumber(tokens: Token[], i: number, first: number): boolean {
  return tokens[i].kind === 'number' && i > first && STAGING_WORDS.has(tokens[i - 1].norm);
}

/**
 * The noun phrases listed from `from` on: "chest pain, shortness of breath, or fever" gives
 * three. Reading stops at a sentence break, a boundary word that is not a list joiner, a
 * number, or after the list's last item.
 */
export function readPhraseList(text: string, from: number, to: number): TextSpan[] {
  const tokens = tokenize(text, from, to);
  const phrases: TextSpan[] = [];
  let i = 0;
  while (i < tokens.length) {
    const { phrase, next } = readPhrase(text, tokens, i);
    if (phrase) phrases.push(phrase);
    i = next;
    if (i >= tokens.length) break;
    // Continue only through a list joiner: ",", "and", "or", ", and", "nor", "/".
    let joined = false;
    while (i < tokens.length && [',', 'and', 'or', 'nor', '/'].includes(tokens[i].norm)) {
      joined = true;
      i++;
    }
    if (!joined) break;
  }
  return phrases;
}

function readPhrase(
  text: string,
  tokens: Token[],
  at: number,
): { phrase?: TextSpan; next: number } {
  let i = at;
  while (i < tokens.length && tokens[i].kind === 'word' && LEADING.has(tokens[i].norm)) i++;
  const first = i;
  // "shortness of breath", "loss of consciousness": "of" joins two nouns inside a phrase.
  while (
    i < tokens.length &&
    i - first < MAX_WORDS &&
    ((tokens[i].kind === 'word' &&
      (!BOUNDARY.has(tokens[i].norm) || (tokens[i].norm === 'of' && i > first))) ||
      isStagingNumber(tokens, i, first))
  ) {
    i++;
  }
  while (i > first && ['of', 'the', 'a'].includes(tokens[i - 1].norm)) i--;
  let next = i;
  // Skip to the next joiner, so that "fever for two days, chills" still lists chills.
  while (
    next < tokens.length &&
    ![',', 'and', 'or', 'nor', '.', ';', ':', '/'].includes(tokens[next].norm)
  ) {
    if (tokens[next].norm === '(') {
      // A parenthesis ("penicillin (hives)") is a remark on the item, not the list's end.
      while (next < tokens.length && tokens[next].norm !== ')') next++;
      next++;
      continue;
    }
    if (tokens[next].kind === 'punct' && tokens[next].norm !== '-') break;
    next++;
  }
  if (i === first) return { next: next === at ? at + 1 : next };
  const start = tokens[first].start;
  const end = tokens[i - 1].end;
  const written = text.slice(start, end);
  if (NOT_FINDINGS.has(written.toLowerCase())) return { next };
  return { phrase: { start, end, text: written }, next };
}
