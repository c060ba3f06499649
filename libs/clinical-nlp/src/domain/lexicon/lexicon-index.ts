import type { PhraseCategory } from '../clinical-analysis.js';
import { ALLERGY_LEXICON } from './allergy-lexicon.js';
import { LAB_LEXICON } from './lab-lexicon.js';
import type { LexiconEntry } from './lexicon-entry.js';
import { normalizeTerm } from './normalize-term.js';
import { OBSERVATION_LEXICON } from './observation-lexicon.js';
import { PROBLEM_LEXICON } from './problem-lexicon.js';
import { PROCEDURE_LEXICON } from './procedure-lexicon.js';

export const LEXICONS: Readonly<Record<PhraseCategory, LexiconEntry[]>> = {
  problem: PROBLEM_LEXICON,
  procedure: PROCEDURE_LEXICON,
  lab: LAB_LEXICON,
  observation: [...OBSERVATION_LEXICON, ...LAB_LEXICON],
  allergy: ALLERGY_LEXICON,
};

const indexes = new Map<PhraseCategory, Map<string, LexiconEntry>>();

function indexOf(category: PhraseCategory): Map<string, LexiconEntry> {
  let index = indexes.get(category);
  if (!index) {
    index = new Map();
    for (const entry of LEXICONS[category]) {
      for (const name of entry.names) {
        const key = normalizeTerm(name);
        if (!index.has(key)) index.set(key, entry);
      }
    }
    indexes.set(category, index);
  }
  return index;
}

/** The lexicon entry whose name is exactly the phrase (after normalisation). */
export function lookupLexicon(category: PhraseCategory, phrase: string): LexiconEntry | undefined {
  return indexOf(category).get(normalizeTerm(phrase));
}
