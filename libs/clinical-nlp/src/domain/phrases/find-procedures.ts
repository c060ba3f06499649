import type { ClinicalPhrase, TextSpan } from '../clinical-analysis.js';
import { assertInText } from '../context/assert-in-text.js';
import { PROCEDURE_LEXICON } from '../lexicon/procedure-lexicon.js';
import { SpanSet, spanAt } from './span-set.js';
import { matchAll, termPattern } from './term-pattern.js';

const KNOWN = termPattern(PROCEDURE_LEXICON.flatMap((entry) => entry.names));
// Procedure words by their ending or head noun, with up to three modifiers before them.
const MODIFIER =
  '(?:(?!(?:underwent|had|has|a|an|the|for|of|s/p|post|status|scheduled|planned|performed|recent|prior|previous|and|with|after|before|undergo|get|needs?|ordered|order|recommend(?:ed)?)\\b)[A-Za-z][A-Za-z-]*\\s+){0,3}';
const HEAD =
  '(?:[A-Za-z-]*(?:ectomy|ectomies|otomy|ostomy|plasty|scopy|graphy|centesis|pexy|rrhaphy|tripsy|desis)|biopsy|biopsies|repair|replacement|transplant(?:ation)?|bypass|catheterization|ablation|angioplasty|amputation|fusion|resection|excision|drainage|debridement|intubation|vaccination|immunization|surgery|x-?ray|ultrasound|sonogram|ct\\s+scan|cat\\s+scan|mri|pet\\s+scan|echocardiogram|mammogram|angiogram|arteriogram|stress\\s+test)';
const BY_FORM = new RegExp(
  `(?<![A-Za-z/-])${MODIFIER}${HEAD}(?:\\s+of\\s+(?:the\\s+)?[a-z]+(?:\\s+[a-z]+)?)?(?![A-Za-z])`,
  'gi',
);
const IMAGING =
  /(?<![A-Za-z])(?:CT|MRI|PET)\s+(?:of\s+(?:the\s+)?)?(?:[a-z]+\s+){0,2}?(?:scan|head|chest|abdomen|pelvis|brain|spine|neck|knee|shoulder|angiogram)(?![A-Za-z])/g;
const NOT_PROCEDURES = /^(?:surgery|the surgery|a surgery|plastic surgery)$/i;

/** Procedures by name ("colonoscopy", "total knee replacement", "CT of the head"). */
export function findProcedures(
  text: string,
  sentences: TextSpan[],
  taken: SpanSet,
): ClinicalPhrase[] {
  const spans: TextSpan[] = [];
  for (const match of matchAll(KNOWN, text))
    spans.push(spanAt(text, match.index, match.index + match.text.length));
  for (const pattern of [IMAGING, BY_FORM]) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      spans.push(spanAt(text, match.index, match.index + match[0].length));
    }
  }
  const phrases: ClinicalPhrase[] = [];
  for (const span of spans.sort((a, b) => a.start - b.start || b.end - a.end)) {
    if (taken.overlaps(span) || NOT_PROCEDURES.test(span.text)) continue;
    taken.add(span);
    phrases.push({ category: 'procedure', span, assertion: assertInText(text, sentences, span) });
  }
  return phrases;
}
