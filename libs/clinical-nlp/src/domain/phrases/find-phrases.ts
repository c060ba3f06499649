import type { ClinicalPhrase, TextSpan } from '../clinical-analysis.js';
import { findAllergies } from './find-allergies.js';
import { findLabs } from './find-labs.js';
import { findProblems } from './find-problems.js';
import { findProcedures } from './find-procedures.js';
import { findSmokingStatus } from './find-smoking-status.js';
import { SpanSet } from './span-set.js';

/**
 * The phrases to be coded: smoking status, labs (with values), allergies, procedures, then
 * problems, each
 * skipping what an earlier extractor (or the caller, through `taken`) already claimed.
 */
export function findPhrases(text: string, sentences: TextSpan[], taken: SpanSet): ClinicalPhrase[] {
  return [
    ...findSmokingStatus(text, sentences, taken),
    ...findLabs(text, sentences, taken),
    ...findAllergies(text, sentences, taken),
    ...findProcedures(text, sentences, taken),
    ...findProblems(text, sentences, taken),
  ].sort((a, b) => a.span.start - b.span.start);
}
