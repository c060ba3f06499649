import type {
  ClinicalPhrase,
  CodeSearchPort,
  LinkedConcept,
  MedicationMention,
  PhraseCategory,
} from '../clinical-analysis.js';
import { lookupLexicon } from '../lexicon/lexicon-index.js';
import { linkMedication } from './link-medication.js';
import { extraWords, phraseCoverage } from './term-overlap.js';
import { searchSafely, TARGET_SYSTEMS, type SearchTarget } from './search-targets.js';

/** The vocabularies searched for each kind of phrase, in order of preference. */
export const TARGETS_BY_CATEGORY: Readonly<Record<PhraseCategory, SearchTarget[]>> = {
  problem: ['SNOMED', 'ICD10CM'],
  procedure: ['CPT', 'SNOMED'],
  lab: ['LOINC'],
  observation: ['LOINC'],
  allergy: ['RXNORM', 'SNOMED'],
};

const SEARCH_LIMIT = 5;
/** Share of the phrase's words a search result must contain to be taken. */
const MIN_COVERAGE = 0.75;

/**
 * Codes for a phrase or a medication. The built-in lexicon answers first (so that common
 * terms link with an empty vocabulary); then the port is searched in the category's
 * vocabularies in order, taking the first result that covers the phrase's words. Null when
 * nothing fits.
 */
export async function linkPhrase(
  phrase: ClinicalPhrase | MedicationMention,
  port: CodeSearchPort,
): Promise<LinkedConcept | null> {
  if (isMedication(phrase)) return linkMedication(phrase, port);
  // A phrase that states a coded value ("former smoker") names its observation by that value.
  const text = phrase.valueCode ? 'smoking status' : phrase.span.text;
  const entry = lookupLexicon(phrase.category, text);
  if (entry) return { span: phrase.span, codings: entry.codings, method: 'lexicon' };
  for (const target of TARGETS_BY_CATEGORY[phrase.category]) {
    const found = await searchTarget(target, text, port);
    if (found) return { span: phrase.span, ...found };
  }
  // A misspelt word ("diabetis") is respelled to the vocabulary's closest word, never before
  // the words as written had their chance.
  if (!port.respell) return null;
  for (const target of TARGETS_BY_CATEGORY[phrase.category]) {
    const respelled = await port.respell(target, text).catch(() => text);
    if (respelled === text) continue;
    const found = await searchTarget(target, respelled, port);
    if (found) return { span: phrase.span, ...found };
  }
  return null;
}

async function searchTarget(
  target: SearchTarget,
  text: string,
  port: CodeSearchPort,
): Promise<Omit<LinkedConcept, 'span'> | null> {
  const hits = await searchSafely(port, target, text, SEARCH_LIMIT);
  const best = hits
    .map((hit) => ({
      hit,
      coverage: phraseCoverage(text, hit.display),
      extra: extraWords(text, hit.display),
    }))
    .filter((c) => c.coverage >= MIN_COVERAGE)
    .sort((a, b) => b.coverage - a.coverage || a.extra - b.extra || b.hit.score - a.hit.score)[0];
  if (!best) return null;
  return {
    codings: [{ system: TARGET_SYSTEMS[target], code: best.hit.code, display: best.hit.display }],
    method: `search:${target}`,
  };
}

function isMedication(phrase: ClinicalPhrase | MedicationMention): phrase is MedicationMention {
  return 'name' in phrase && !('category' in phrase);
}
