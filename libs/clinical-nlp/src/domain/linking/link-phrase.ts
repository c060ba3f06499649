import type {
  ClinicalPhrase,
  CodeSearchPort,
  LinkedConcept,
  MedicationMention,
  PhraseCategory,
} from '../clinical-analysis.js';
import { expandLexiconNames, lookupLexicon } from '../lexicon/lexicon-index.js';
import { normalizeTerm } from '../lexicon/normalize-term.js';
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
/** Categories whose phrases take the vocabulary's exact name before the built-in lexicon. */
const NAMED_FIRST: ReadonlySet<PhraseCategory> = new Set(['problem']);
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
  // The exact-name pass and the search pass ask the same questions: asked once.
  port = withSearchCache(port);
  // A phrase that states a coded value ("former smoker") names its observation by that value.
  const text = phrase.valueCode ? 'smoking status' : phrase.span.text;
  // A problem the loaded vocabulary names word for word ("seizure disorder", "prediabetes") is
  // coded by that name, before the built-in lexicon's broader or absent concept.
  // Only the preferred vocabulary's exact name goes first: a second vocabulary's exact name
  // ("Emphysema" in ICD-10-CM) does not outrank the preferred one's close name ("Pulmonary
  // emphysema" in SNOMED CT).
  const [preferred, ...others] = TARGETS_BY_CATEGORY[phrase.category];
  const namedFirst = NAMED_FIRST.has(phrase.category);
  if (namedFirst) {
    const named = await exactNameIn(preferred, phrase.category, phrase.span.text, port);
    if (named) return { span: phrase.span, ...named };
  }
  const entry = lookupLexicon(phrase.category, text);
  if (entry) return { span: phrase.span, codings: entry.codings, method: 'lexicon' };
  for (const target of TARGETS_BY_CATEGORY[phrase.category]) {
    if (namedFirst && others.includes(target)) {
      const named = await exactNameIn(target, phrase.category, phrase.span.text, port);
      if (named) return { span: phrase.span, ...named };
    }
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

/**
 * The concept a vocabulary of the phrase's category (in order) names with exactly the phrase's
 * words (as written, with short forms written out, else respelled), or null. Standard
 * concepts come first in the search.
 */
export async function linkExactName(
  phrase: ClinicalPhrase,
  port: CodeSearchPort,
): Promise<LinkedConcept | null> {
  for (const target of TARGETS_BY_CATEGORY[phrase.category]) {
    const named = await exactNameIn(target, phrase.category, phrase.span.text, port);
    if (named) return { span: phrase.span, ...named };
  }
  return null;
}

/** The name of the text as written, with the lexicon's short forms written out, or respelled. */
async function exactNameIn(
  target: SearchTarget,
  category: PhraseCategory,
  text: string,
  port: CodeSearchPort,
): Promise<Omit<LinkedConcept, 'span'> | null> {
  const named = await exactName(target, text, port);
  if (named) return named;
  // Short forms the built-in lexicon knows, written out ("CKD stage 3").
  const expanded = expandLexiconNames(category, text);
  if (expanded !== normalizeTerm(text)) {
    const expandedName = await exactName(target, expanded, port);
    if (expandedName) return expandedName;
  }
  if (!port.respell) return null;
  const respelled = await port.respell(target, text).catch(() => text);
  return respelled === text ? null : exactName(target, respelled, port);
}

async function exactName(
  target: SearchTarget,
  text: string,
  port: CodeSearchPort,
): Promise<Omit<LinkedConcept, 'span'> | null> {
  const hits = await searchSafely(port, target, text, SEARCH_LIMIT);
  const exact = hits.find(
    (hit) => phraseCoverage(text, hit.display) === 1 && extraWords(text, hit.display) === 0,
  );
  if (!exact) return null;
  return {
    codings: [{ system: TARGET_SYSTEMS[target], code: exact.code, display: exact.display }],
    method: `name:${target}`,
    ...classOf(exact),
  };
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
    ...classOf(best.hit),
  };
}

function classOf(hit: { conceptClassId?: string }): Pick<LinkedConcept, 'conceptClass'> {
  return hit.conceptClassId ? { conceptClass: hit.conceptClassId } : {};
}

function withSearchCache(port: CodeSearchPort): CodeSearchPort {
  const asked = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, ask: () => Promise<T>): Promise<T> => {
    let answer = asked.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = ask();
      asked.set(key, answer);
    }
    return answer;
  };
  const cached: CodeSearchPort = {
    search: (target, phrase, limit) =>
      once(`search|${target}|${limit}|${phrase}`, () => port.search(target, phrase, limit)),
  };
  if (port.respell)
    cached.respell = (target, phrase) =>
      once(`respell|${target}|${phrase}`, () => port.respell!(target, phrase));
  if (port.brandIngredients) cached.brandIngredients = (name) => port.brandIngredients!(name);
  return cached;
}

function isMedication(phrase: ClinicalPhrase | MedicationMention): phrase is MedicationMention {
  return 'name' in phrase && !('category' in phrase);
}
