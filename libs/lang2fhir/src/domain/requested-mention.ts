import type {
  ClinicalAnalysis,
  ClinicalPhrase,
  PhraseCategory,
  Quantity,
  TextSpan,
} from '@app/clinical-nlp';
import type { ResourceKind } from './resource-kinds.js';
import { spanAt } from './text-spans.js';

const CATEGORY_OF: Partial<Record<ResourceKind, PhraseCategory>> = {
  'condition-encounter-diagnosis': 'problem',
  'condition-problems-health-concerns': 'problem',
  procedure: 'procedure',
  servicerequest: 'procedure',
  'observation-clinical-result': 'observation',
  'observation-lab': 'lab',
  'simple-observation': 'observation',
};
/** The phrase categories each kind's builder takes its subject from, when more than one. */
const TAKEN: Partial<Record<ResourceKind, PhraseCategory[]>> = {
  servicerequest: ['procedure', 'lab'],
  'observation-clinical-result': ['observation', 'lab', 'procedure'],
  'simple-observation': ['observation', 'problem', 'lab'],
};
// An observation request names what was observed, then its value: "Glasgow coma scale was
// 15", "Housing status: lives alone".
const VALUE_AFTER = /\s*(?:[:=]|\b(?:was|were|is|are|showed|shows|revealed|reveals|measured)\b)/i;
/** Kinds whose request names its reason after the thing asked for ("… for emphysema"). */
const ORDER_REASON = /\s+(?:for|to (?:evaluate|assess|rule out|check))\s/i;
const REASON_AFTER: Partial<Record<ResourceKind, RegExp>> = {
  servicerequest: ORDER_REASON,
  'observation-clinical-result': VALUE_AFTER,
  'observation-lab': VALUE_AFTER,
  'simple-observation': VALUE_AFTER,
};
const LABEL = /^\s*[A-Za-z][A-Za-z /-]{0,40}:\s*/;
/** Words a whole request may hold to be tried against the vocabulary's names. */
const WHOLE_WORDS = 10;
/** Words the request may hold when it is all there is to build a named kind from. */
const FALLBACK_WORDS = 24;

// The words around what a short request names: "pt dx with …", "h/o …", "s/p … today".
const LEAD =
  /^\s*(?:(?:the\s+)?(?:pt|patient)\b\.?\s*)?(?:(?:was|is|has been|had|has|have)\s+)?(?:(?:dx|diagnosed|diagnosis|assessment|impression|problem|new onset|history|h\/o|hx|s\/p|status post|underwent|undergone|received|performed|complains of|c\/o|presents with|presented with|seen for|known|order(?:ed)?|refer(?:red)?(?: to)?|request(?:ed)?|add|with|of|:)\b\.?\s*[:-]?\s*)*/i;
const TRAIL =
  /\s*(?:,?\s*(?:today|yesterday|this (?:visit|morning|week)|on \d{1,2}\/\d{1,2}(?:\/\d{2,4})?|stable|noted|confirmed|performed(?: this visit)?|done|completed|to (?:the )?problem list|on exam)\b\.?)*[\s.;,]*$/i;

/**
 * When the caller names a condition, procedure, order or observation kind and the engine
 * found no phrase of it, the words the request is about ("Pt dx with sprain of ankle today"
 * → "sprain of ankle", "Glasgow coma scale was 15" → "Glasgow coma scale" with the value 15),
 * as an affirmed phrase for the vocabulary to code. The analysis unchanged otherwise.
 */
export function withRequestedMention(
  analysis: ClinicalAnalysis,
  kind: ResourceKind,
): ClinicalAnalysis {
  const category = CATEGORY_OF[kind];
  if (!category) return analysis;
  // An order may be for a test as well as a procedure; an observation may be any finding.
  const taken = TAKEN[kind] ?? [category];
  if (analysis.phrases.some((p) => taken.includes(p.category) && !p.assertion.family))
    return analysis;
  const phrase = requestedPhrase(analysis.text, category, REASON_AFTER[kind], FALLBACK_WORDS);
  if (!phrase) return analysis;
  const value = category === 'procedure' ? undefined : numberAfter(analysis.text, phrase.span.end);
  return { ...analysis, phrases: [...analysis.phrases, value ? { ...phrase, value } : phrase] };
}

/**
 * The whole of what a short condition or procedure request names, as one phrase, when it is
 * wider than the phrases the engine found in it ("concussion with no loss of consciousness"
 * where the engine found "concussion" and "loss of consciousness"). The caller keeps it only
 * when the vocabulary names it. Null when there is nothing wider to try.
 */
export function wholeRequestPhrase(
  analysis: ClinicalAnalysis,
  kind: ResourceKind,
): ClinicalPhrase | null {
  const category = CATEGORY_OF[kind];
  if (!category) return null;
  const whole = requestedPhrase(analysis.text, category, REASON_AFTER[kind], WHOLE_WORDS);
  if (!whole) return null;
  // A phrase of the engine's may also reach back into the request's lead words ("Request
  // echocardiography"): the whole, narrower there, is tried as well.
  const inside = analysis.phrases.filter(
    (p) => p.category === category && p.span.end > whole.span.start && p.span.end <= whole.span.end,
  );
  if (inside.length === 0 || inside.some((p) => p.assertion.family)) return null;
  if (inside.some((p) => p.span.start === whole.span.start && p.span.end === whole.span.end))
    return null;
  return { ...whole, assertion: inside[0].assertion };
}

/**
 * The reason an order names after the thing ordered ("… for chronic low back pain"), as one
 * affirmed problem phrase, and whether the engine found a part of it (`partial`: the caller
 * keeps the whole only when the vocabulary names it word for word). Null when the order names
 * no reason or the engine's phrase is already all of it.
 */
export function requestedReason(
  analysis: ClinicalAnalysis,
  kind: ResourceKind,
): { phrase: ClinicalPhrase; partial: boolean } | null {
  if (kind !== 'servicerequest') return null;
  const { text } = analysis;
  const lead = LEAD.exec(text)?.[0].length ?? 0;
  const reason = ORDER_REASON.exec(text.slice(lead));
  if (!reason) return null;
  const start = lead + reason.index + reason[0].length;
  const trail = TRAIL.exec(text.slice(start));
  const span = spanAt(text, start, trail ? start + trail.index : text.length);
  const words = span.text.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > WHOLE_WORDS || !/[A-Za-z]{3,}/.test(span.text))
    return null;
  const inside = analysis.phrases.filter(
    (p) => p.category === 'problem' && p.span.start < span.end && p.span.end > span.start,
  );
  if (inside.some((p) => p.assertion.family || p.assertion.negated)) return null;
  if (inside.some((p) => p.span.start === span.start && p.span.end === span.end)) return null;
  return {
    phrase: affirmedPhrase('problem', span),
    partial: inside.length > 0,
  };
}

/** The analysis with `whole` in place of the phrases of its category that it covers. */
export function withWholePhrase(
  analysis: ClinicalAnalysis,
  whole: ClinicalPhrase,
): ClinicalAnalysis {
  const covered = (p: ClinicalPhrase) =>
    p.category === whole.category && p.span.start < whole.span.end && p.span.end > whole.span.start;
  return { ...analysis, phrases: [...analysis.phrases.filter((p) => !covered(p)), whole] };
}

function requestedPhrase(
  text: string,
  category: PhraseCategory,
  reasonAfter: RegExp | undefined,
  maxWords: number,
): ClinicalPhrase | null {
  // A label before a problem or procedure ("Encounter diagnosis: …") is not part of it; an
  // observation's label is its name ("Housing status: …").
  const label = category === 'problem' || category === 'procedure' ? LABEL.exec(text) : null;
  const labelled = label ? label[0].length : 0;
  const lead = labelled + (LEAD.exec(text.slice(labelled))?.[0].length ?? 0);
  const trail = TRAIL.exec(text.slice(lead));
  const reason = reasonAfter?.exec(text.slice(lead));
  const end = Math.min(
    trail ? lead + trail.index : text.length,
    reason ? lead + reason.index : text.length,
  );
  const span = spanAt(text, lead, end);
  const words = span.text.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > maxWords || !/[A-Za-z]{3,}/.test(span.text)) return null;
  return affirmedPhrase(category, span);
}

/** A phrase the request states plainly: not negated, uncertain, past or a relative's. */
export function affirmedPhrase(category: PhraseCategory, span: TextSpan): ClinicalPhrase {
  return {
    category,
    span,
    assertion: { negated: false, uncertain: false, historical: false, family: false, triggers: [] },
  };
}

/** A bare number written as the value after an observation's name ("… was 15."), if any. */
function numberAfter(text: string, from: number): Quantity | undefined {
  const written = /^\s*(?:[:=]|was|were|is|are|measured)?\s*(\d+(?:\.\d+)?)\s*[.;]?\s*$/i.exec(
    text.slice(from),
  );
  return written ? { value: Number(written[1]) } : undefined;
}
