import type { ClinicalAnalysis, ClinicalPhrase } from '@app/clinical-nlp';
import { isAffirmed } from './builders/common.js';
import type { ConceptLinks } from './concept-links.js';

/** The OMOP concept class of SNOMED CT's procedure hierarchy (tests, operations, education). */
const PROCEDURE_CLASS = 'Procedure';
// Words that report a thing as had or done; "had" alone is a problem ("had pneumonia") unless
// the vocabulary names what was had as a procedure.
const REPORTED_DONE =
  /\b(?:had|has had|underwent|undergone|received|got|s\/p|status post|performed|done|completed)\b/i;

/**
 * `auto`: a text read as problems whose every affirmed problem the vocabulary codes with a
 * procedure concept, reported as had or done ("Pt had insertion of an IUD on 3/2"), is a
 * procedure: the analysis with those phrases as procedures. Null otherwise.
 */
export function asProcedureReportedDone(
  analysis: ClinicalAnalysis,
  links: ConceptLinks,
): ClinicalAnalysis | null {
  if (!REPORTED_DONE.test(analysis.text)) return null;
  const problems = analysis.phrases.filter(
    (phrase) =>
      phrase.category === 'problem' && !phrase.assertion.family && isAffirmed(phrase.assertion),
  );
  if (problems.length === 0) return null;
  if (!problems.every((phrase) => links.get(phrase.span)?.conceptClass === PROCEDURE_CLASS))
    return null;
  const asProcedure = (phrase: ClinicalPhrase): ClinicalPhrase =>
    problems.includes(phrase) ? { ...phrase, category: 'procedure' } : phrase;
  return { ...analysis, phrases: analysis.phrases.map(asProcedure) };
}
