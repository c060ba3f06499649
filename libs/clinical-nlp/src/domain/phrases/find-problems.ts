import type { ClinicalPhrase, TextSpan } from '../clinical-analysis.js';
import { assertInText } from '../context/assert-in-text.js';
import { PROBLEM_LEXICON } from '../lexicon/problem-lexicon.js';
import { readPhraseList } from './noun-phrases.js';
import { SpanSet, spanAt } from './span-set.js';
import { matchAll, termPattern } from './term-pattern.js';

const KNOWN = termPattern(PROBLEM_LEXICON.flatMap((entry) => entry.names));
// Words after which a problem, finding or symptom is named.
const TRIGGERS =
  /\b(?:(?:past\s+)?(?:medical\s+)?history\s+of|h\/o|hx\s+of|diagnosed\s+with|diagnosis\s+of|dx\s+(?:of|with)|complain(?:s|ed|ing)?\s+of|c\/o|present(?:s|ed|ing)\s+(?:with|for)|suffer(?:s|ed|ing)?\s+from|den(?:ies|ied|y)|report(?:s|ed|ing)|positive\s+for|negative\s+for|concern(?:ing)?\s+for|suspicious\s+for|rule\s+out|r\/o|treated\s+for|admitted\s+(?:for|with)|known|episodes?\s+of|signs?\s+of|symptoms?\s+of|evidence\s+of|no|without|with|has|had|developed|experiencing|endorses)\s+/gi;
// Section headings whose items are problems.
const SECTIONS =
  /(?:^|\n)\s*(?:assessment(?:\s+and\s+plan)?|impression|diagnos[ie]s|problem\s+list|problems|pmh|past\s+medical\s+history|chief\s+complaint|cc|active\s+problems)\s*:\s*/gi;

/**
 * Problems, findings and symptoms: known terms anywhere ("hypertension", "COPD") and the noun
 * phrases named after a trigger ("history of type 2 diabetes", "denies chest pain, fever") or
 * listed under a heading ("Assessment: pneumonia, dehydration").
 */
export function findProblems(
  text: string,
  sentences: TextSpan[],
  taken: SpanSet,
): ClinicalPhrase[] {
  const spans: (TextSpan & { known?: boolean })[] = [];
  for (const match of matchAll(KNOWN, text)) {
    spans.push({ ...spanAt(text, match.index, match.index + match.text.length), known: true });
  }
  for (const pattern of [TRIGGERS, SECTIONS]) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      const from = match.index + match[0].length;
      const sentence = sentences.find((s) => s.start <= from && s.end > from);
      const to = pattern === SECTIONS ? lineEnd(text, from) : (sentence?.end ?? text.length);
      spans.push(...readPhraseList(text, from, to));
    }
  }
  const phrases: ClinicalPhrase[] = [];
  // Longest first, so that "type 2 diabetes" wins over "diabetes" inside it.
  for (const span of spans.sort(
    (a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start,
  )) {
    if (taken.overlaps(span) || (!span.known && !looksLikeFinding(span.text))) continue;
    taken.add(span);
    const { known: _known, ...plain } = span;
    phrases.push({
      category: 'problem',
      span: plain,
      assertion: assertInText(text, sentences, plain),
    });
  }
  return phrases.sort((a, b) => a.span.start - b.span.start);
}

const STAGED_NUMBER = /\b(?:stage|type|grade|class|level|degree|phase)\s+\d+\b/gi;

/** Words, and no number other than a stage, type or grade ("CKD stage 3" is a finding). */
function looksLikeFinding(text: string): boolean {
  return /[a-z]{3,}/i.test(text) && !/\d/.test(text.replace(STAGED_NUMBER, ''));
}

function lineEnd(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline < 0 ? text.length : newline;
}
