import type { ClinicalPhrase, TextSpan } from '../clinical-analysis.js';
import { assertInText } from '../context/assert-in-text.js';
import { readPhraseList } from './noun-phrases.js';
import { SpanSet, spanAt } from './span-set.js';

const NONE_KNOWN = /\b(?:NKDA|NKA|no\s+known\s+(?:drug\s+)?allerg(?:y|ies))\b/gi;
const ALLERGIC_TO =
  /\b(?:allergic\s+to|allerg(?:y|ies)\s+(?:to|include|including)|allerg(?:y|ies)\s*:|intolerant\s+(?:of|to)|intolerance\s+to|reaction\s+to)\s*/gi;
const NOUN_ALLERGY = /\b([A-Za-z][A-Za-z-]+)\s+(?:allergy|allergies|intolerance)\b/gi;
const REACTION =
  /^\s*(?:\(\s*([^)]{2,40})\)|[-–:]\s*([a-z][a-z ]{2,30})|,?\s*(?:causing|causes|caused|which\s+causes|resulting\s+in|with|leads\s+to|gives\s+(?:him|her|them)?)\s+([a-z][a-z ]{2,30}?)(?=[,.;]|$|\s+and\s))/i;
const NOT_ALLERGENS = new Set([
  'food',
  'drug',
  'seasonal',
  'environmental',
  'known',
  'no',
  'medication',
  'multiple',
  'other',
]);

/**
 * Allergies: "allergic to penicillin and sulfa", "Allergies: latex, peanuts", "penicillin
 * allergy (hives)", and "NKDA"/"no known drug allergies" (a negated allergy phrase).
 */
export function findAllergies(
  text: string,
  sentences: TextSpan[],
  taken: SpanSet,
): ClinicalPhrase[] {
  const phrases: ClinicalPhrase[] = [];
  for (const match of text.matchAll(NONE_KNOWN)) {
    const span = spanAt(text, match.index, match.index + match[0].length);
    if (taken.overlaps(span)) continue;
    taken.add(span);
    phrases.push({
      category: 'allergy',
      span,
      assertion: {
        negated: true,
        uncertain: false,
        historical: false,
        family: false,
        hypothetical: false,
        triggers: [span],
      },
    });
  }
  for (const match of text.matchAll(ALLERGIC_TO)) {
    const from = match.index + match[0].length;
    const sentence = sentences.find((s) => s.start <= from && s.end >= from);
    const to = sentence?.end ?? text.length;
    for (const item of readPhraseList(text, from, to)) add(text, sentences, taken, phrases, item);
  }
  for (const match of text.matchAll(NOUN_ALLERGY)) {
    if (NOT_ALLERGENS.has(match[1].toLowerCase())) continue;
    add(text, sentences, taken, phrases, spanAt(text, match.index, match.index + match[1].length));
  }
  return phrases.sort((a, b) => a.span.start - b.span.start);
}

function add(
  text: string,
  sentences: TextSpan[],
  taken: SpanSet,
  phrases: ClinicalPhrase[],
  span: TextSpan,
): void {
  if (taken.overlaps(span) || NOT_ALLERGENS.has(span.text.toLowerCase())) return;
  const phrase: ClinicalPhrase = {
    category: 'allergy',
    span,
    assertion: assertInText(text, sentences, span),
  };
  const reaction = REACTION.exec(text.slice(span.end, span.end + 60));
  if (reaction) {
    const written = (reaction[1] ?? reaction[2] ?? reaction[3]).trim();
    const start = span.end + reaction[0].indexOf(written);
    phrase.reaction = spanAt(text, start, start + written.length);
  }
  taken.add(span);
  phrases.push(phrase);
}
