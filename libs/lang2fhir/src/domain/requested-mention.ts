import type { ClinicalAnalysis, ClinicalPhrase, PhraseCategory } from '@app/clinical-nlp';
import type { ResourceKind } from './resource-kinds.js';
import { spanAt } from './text-spans.js';

const CATEGORY_OF: Partial<Record<ResourceKind, PhraseCategory>> = {
  'condition-encounter-diagnosis': 'problem',
  'condition-problems-health-concerns': 'problem',
  procedure: 'procedure',
};

// The words around what a short request names: "pt dx with …", "h/o …", "s/p … today".
const LEAD =
  /^\s*(?:(?:the\s+)?(?:pt|patient)\b\.?\s*)?(?:(?:was|is|has been|had|has|have)\s+)?(?:(?:dx|diagnosed|diagnosis|assessment|impression|problem|new onset|history|h\/o|hx|s\/p|status post|underwent|undergone|received|performed|complains of|c\/o|presents with|presented with|seen for|known|add|with|of|:)\b\.?\s*[:-]?\s*)*/i;
const TRAIL =
  /\s*(?:,?\s*(?:today|yesterday|this (?:visit|morning|week)|on \d{1,2}\/\d{1,2}(?:\/\d{2,4})?|stable|noted|confirmed|performed(?: this visit)?|done|completed|to (?:the )?problem list|on exam)\b\.?)*[\s.;,]*$/i;

/**
 * When the caller names a condition or procedure kind and the engine found no phrase of it,
 * the words the request is about ("Pt dx with sprain of ankle today" → "sprain of ankle"),
 * as an affirmed phrase for the vocabulary to code. The analysis unchanged otherwise.
 */
export function withRequestedMention(
  analysis: ClinicalAnalysis,
  kind: ResourceKind,
): ClinicalAnalysis {
  const category = CATEGORY_OF[kind];
  if (!category) return analysis;
  if (analysis.phrases.some((p) => p.category === category && !p.assertion.family)) return analysis;
  const text = analysis.text;
  const lead = LEAD.exec(text)?.[0].length ?? 0;
  const trail = TRAIL.exec(text.slice(lead));
  const end = trail ? lead + trail.index : text.length;
  const span = spanAt(text, lead, end);
  const words = span.text.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 10 || !/[A-Za-z]{3,}/.test(span.text)) return analysis;
  const phrase: ClinicalPhrase = {
    category,
    span,
    assertion: { negated: false, uncertain: false, historical: false, family: false, triggers: [] },
  };
  return { ...analysis, phrases: [...analysis.phrases, phrase] };
}
