import type { ClinicalAnalysis, ClinicalPhrase } from '@app/clinical-nlp';
import type { ResourceKind } from './resource-kinds.js';
import { affirmedPhrase } from './requested-mention.js';
import { spanAt } from './text-spans.js';

// "Plan of care for heart failure: …": the label before the list, at most a few words.
const LABEL = /^[^:\n]{1,60}:\s*/;
const SEPARATOR = /\s*(?:[,;]|\band\b|\bplus\b|\.(?:\s|$))\s*/gi;
const ARTICLE = /^(?:a|an|the|some)\s+/i;

/**
 * The items a care plan lists ("… : heart failure education and a weight management program")
 * that no service, test or medication the engine found touches, each as a procedure phrase for the
 * caller to keep only when the vocabulary names it word for word. Empty for other kinds.
 */
export function listedActivities(analysis: ClinicalAnalysis, kind: ResourceKind): ClinicalPhrase[] {
  if (kind !== 'careplan') return [];
  const { text } = analysis;
  const label = LABEL.exec(text);
  const from = label ? label[0].length : 0;
  // A problem inside an item ("heart failure" in "heart failure education") leaves it a candidate.
  const taken = [
    ...analysis.phrases.filter((p) => p.category !== 'problem').map((p) => p.span),
    ...analysis.medications.map((m) => m.span),
  ];
  const items: ClinicalPhrase[] = [];
  let start = from;
  for (const separator of [...text.slice(from).matchAll(SEPARATOR), null]) {
    const end = separator ? from + separator.index : text.length;
    const article = ARTICLE.exec(text.slice(start, end));
    const span = spanAt(text, start + (article ? article[0].length : 0), end);
    const words = span.text.split(/\s+/).filter(Boolean).length;
    const touched = taken.some((t) => t.start < span.end && t.end > span.start);
    if (words > 0 && words <= 6 && !touched && /[A-Za-z]{3,}/.test(span.text))
      items.push(affirmedPhrase('procedure', span));
    if (separator) start = end + separator[0].length;
  }
  return items;
}
