import type { TextSpan } from '@app/clinical-nlp';
import { findSpan } from './text-spans.js';

/** Word lists that the builders and the kind detection read the text with. */
export const IMAGING =
  /\b(x-?rays?|radiograph\w*|ct|cat scan|mri|ultrasound|sonogra\w*|echocardiogra\w*|echo|mammogra\w*|pet scan|imaging|dexa)\b/i;

const VISIT_WORDS =
  /\b(visit|encounter|seen (?:in|at|today|by|for)|admit(?:ted)?|admission|presented|presents|consult\w*|emergency (?:department|room)|clinic|office)\b/i;
// Upper case only: "ED" and "ER" as words are the emergency department.
const EMERGENCY_ABBREVIATIONS = /\b(ED|ER)\b/;

/** The words that tell of a visit, if the text has them. */
export function visitCue(text: string): TextSpan | undefined {
  return findSpan(text, VISIT_WORDS) ?? findSpan(text, EMERGENCY_ABBREVIATIONS);
}
