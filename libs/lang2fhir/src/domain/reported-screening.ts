import type { TextSpan } from '@app/clinical-nlp';
import { spanAt } from './text-spans.js';

/** A screening reported as done, with its score or what the score means. */
export interface ReportedScreening {
  instrument: TextSpan;
  score?: { span: TextSpan; value: number };
  interpretation?: TextSpan;
}

const REPORTED =
  /^\s*(?:(?:the\s+)?(?:pt|patient)\b\.?\s*)?(?:(?:has|had|was)\s+)?(?:completed|filled (?:out|in)|took|taken|administered|underwent|did|finished|returned)\s+(?:the\s+|a\s+|an\s+)?/i;
const INSTRUMENT_END =
  /\s*(?:,|;|\.\s|\bwith\b|\bwhich\b|\bthat\b|\b(?:total\s+)?score[ds]?\b|\bresult(?:s|ed)?\b|\bindicat\w*|\bshow\w*|\bsuggest\w*|\bconsistent\b|\bpositive\b|\bnegative\b|\bcompleted\b|$)/i;
const INSTRUMENT_WORD =
  /\b(?:questionnaire|screening|screen|scale|inventory|assessment|survey|test|tool|form|index|phq-?\d+|gad-?\d+|audit(?:-c)?|epds|mmse|moca)\b/i;
const SCORE =
  /\b(?:total\s+)?(?:score[ds]?|scoring)\s*(?:of|was|is|=|:|at)?\s*(\d+(?:\.\d+)?)(?:\s*\/\s*\d+)?|\bscored\s+(\d+(?:\.\d+)?)/i;
const MEANING =
  /\b(?:indicating|indicates?|indicative of|consistent with|suggesting|suggests|suggestive of|showing|shows|interpreted as|positive for|negative for|in keeping with)\s+([^.;,]+)/i;

// The builder runs only for a named questionnaireresponse, so a long test name (a lab
// screening written out in full) is still an instrument; a whole paragraph is not.
const MAX_INSTRUMENT_WORDS = 24;

/**
 * "Patient completed depression screening questionnaire with a score indicating mild
 * depression", "PHQ-9 completed, score 12": the instrument, the score and what it means.
 * Undefined unless an instrument is named and a score or its meaning is given.
 */
export function readReportedScreening(text: string): ReportedScreening | undefined {
  const lead = REPORTED.exec(text)?.[0].length ?? 0;
  const rest = text.slice(lead);
  const end = INSTRUMENT_END.exec(rest);
  const instrument = spanAt(text, lead, lead + (end?.index ?? rest.length));
  if (
    !INSTRUMENT_WORD.test(instrument.text) ||
    instrument.text.split(/\s+/).length > MAX_INSTRUMENT_WORDS
  )
    return undefined;
  const score = SCORE.exec(text);
  const meaning = MEANING.exec(text);
  if (!score && !meaning) return undefined;
  const found: ReportedScreening = { instrument };
  if (score) {
    const digits = score[1] ?? score[2];
    const at = score.index + score[0].lastIndexOf(digits);
    found.score = { span: spanAt(text, at, at + digits.length), value: Number(digits) };
  }
  if (meaning) {
    const at = meaning.index + meaning[0].length - meaning[1].length;
    found.interpretation = spanAt(text, at, at + meaning[1].length);
  }
  return found;
}
