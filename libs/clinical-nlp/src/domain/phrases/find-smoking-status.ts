import type { ClinicalPhrase, CodingRef, TextSpan } from '../clinical-analysis.js';
import { assertInText } from '../context/assert-in-text.js';
import { SpanSet, spanAt } from './span-set.js';

const SNOMED = 'http://snomed.info/sct';
const status = (code: string, display: string): CodingRef => ({ system: SNOMED, code, display });

// What is said → the US Core smoking status value, most specific first.
const STATUSES: [RegExp, CodingRef][] = [
  [
    /\b(?:never\s+smoked|never\s+(?:a\s+)?smoker|non-?smoker|does\s+not\s+smoke|doesn't\s+smoke|denies\s+(?:any\s+)?(?:smoking|tobacco(?:\s+use)?))\b/gi,
    status('266919005', 'Never smoked tobacco'),
  ],
  [
    /\b(?:former\s+smoker|ex-?smoker|quit\s+smoking|stopped\s+smoking|past\s+smoker|previously\s+smoked)\b/gi,
    status('8517006', 'Ex-smoker'),
  ],
  [
    /\b(?:smokes\s+(?:\d+|one|two|a|half\s+a)\s+(?:packs?|cigarettes)\s+(?:a|per|each)\s+day|daily\s+smoker|(?:\d+|one|two)\s+packs?\s+(?:a|per)\s+day)\b/gi,
    status('449868002', 'Smokes tobacco daily'),
  ],
  [
    /\b(?:current(?:ly)?\s+smok(?:er|es|ing)|active\s+smoker|smoker|smokes(?:\s+cigarettes)?)\b/gi,
    status('77176002', 'Smoker'),
  ],
];

/**
 * Smoking status (LOINC 72166-2) with its coded value: "former smoker" → Ex-smoker, "denies
 * tobacco" → Never smoked tobacco. The statement is the value, so it is not negated.
 */
export function findSmokingStatus(
  text: string,
  sentences: TextSpan[],
  taken: SpanSet,
): ClinicalPhrase[] {
  for (const [pattern, value] of STATUSES) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      const span = spanAt(text, match.index, match.index + match[0].length);
      if (taken.overlaps(span)) continue;
      taken.add(span);
      const assertion = assertInText(text, sentences, span);
      return [
        {
          category: 'observation',
          span,
          assertion: { ...assertion, negated: false },
          valueCode: { ...value, text: match[0] },
        },
      ];
    }
  }
  return [];
}
