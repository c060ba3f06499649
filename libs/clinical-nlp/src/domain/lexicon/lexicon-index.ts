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

/** Lexicon names of at most this many words are looked for inside a longer phrase. */
const MAX_NAME_WORDS = 4;

/**
 * The phrase with each lexicon name it holds as a part written out as the entry's first
 * name ("CKD stage 3" → "chronic kidney disease stage 3", "OA of the knee" → "osteoarthritis
 * of the knee"), so that a vocabulary that does not hold the short form can still name the
 * whole. Longest names first; the phrase (normalised) unchanged when it holds none.
 */
export function expandLexiconNames(category: PhraseCategory, phrase: string): string {
  const index = indexOf(category);
  const words = normalizeTerm(phrase).split(' ').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    let taken = 0;
    for (let size = Math.min(MAX_NAME_WORDS, words.length - i); size >= 1 && !taken; size--) {
      if (size === words.length) continue;
      const entry = index.get(words.slice(i, i + size).join(' '));
      if (entry) {
        out.push(normalizeTerm(entry.names[0]));
        taken = size;
      }
    }
    if (!taken) out.push(words[i]);
    i += taken || 1;
  }
  return out.join(' ');
}
