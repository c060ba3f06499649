import { words } from '../text-search/search-words.js';
import { stem } from '../text-search/clinical-stemmer.js';
import type { RelatedWord } from '../text-search/code-search-index.js';
import type { Synset, WordNetPart } from './wordnet-lines.js';

/**
 * Query-side use of a lexical database: a query word that the code system's documents do not
 * hold (or hold in very few codes) is replaced, at a low weight, by what the database says
 * about it: the other lemmas of its senses ("onychalgia" → "nail ache"), the content words of
 * their definitions and the lemmas of the synsets some pointers lead to (a hypernym). The
 * index decides which words need it and how much the related words may count; this module only
 * says which words are related and how closely.
 */
export interface ExpansionOptions {
  parts: readonly WordNetPart[];
  /** How many senses of the word are read, most frequent first. */
  senses: number;
  /** Weight of a co-lemma (a true synonym) of the first sense; later senses count 1 / rank. */
  lemma: number;
  /** Weight of a word of a sense's definition. */
  gloss: number;
  /**
   * Pointer symbols followed (`@` hypernym, `\` pertainym, `#p` part holonym: the toe is part of
   * the foot, `+` derivation) and their lemmas' weight.
   */
  pointers: readonly string[];
  pointer: number;
}

export const DEFAULT_EXPANSION_OPTIONS: ExpansionOptions = {
  parts: ['noun', 'adj'],
  senses: 2,
  lemma: 1,
  // Definition words brought nothing once words named by up to 100 codes are expanded (dev set,
  // even half: 50.9% top-5 with or without them) and doubled the search's CPU.
  gloss: 0,
  pointers: ['@', '\\', '#p'],
  pointer: 0.5,
};

/** One sense of a looked-up word, with the synsets its followed pointers lead to. */
export interface ExpansionSense {
  synset: Synset;
  pointed: readonly Synset[];
}

/**
 * The lemmas the database may file a query word under: the word itself and, for a plural, its
 * singular forms (WordNet's index holds base forms only).
 */
export function lemmaCandidates(word: string): string[] {
  const candidates = [word];
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) {
    if (word.endsWith('ies')) candidates.push(`${word.slice(0, -3)}y`);
    if (/(?:ses|xes|zes|ches|shes)$/.test(word)) candidates.push(word.slice(0, -2));
    candidates.push(word.slice(0, -1));
  }
  return candidates;
}

/**
 * The related words of a query word from its senses (most frequent first), each with its
 * best weight: a source's weight (co-lemma, definition word, pointed lemma) divided by the
 * sense's rank. The word itself is left out.
 */
export function expansionTerms(
  word: string,
  senses: readonly ExpansionSense[],
  options: ExpansionOptions = DEFAULT_EXPANSION_OPTIONS,
): RelatedWord[] {
  const own = stem(word);
  const best = new Map<string, number>();
  const add = (text: string, weight: number) => {
    if (weight <= 0) return;
    for (const related of words(text.replace(/_/g, ' '))) {
      if (related.length <= 2 || stem(related) === own) continue;
      if (weight > (best.get(related) ?? 0)) best.set(related, weight);
    }
  };
  senses.slice(0, options.senses).forEach(({ synset, pointed }, rank) => {
    const share = 1 / (rank + 1);
    for (const lemma of synset.lemmas) add(lemma, options.lemma * share);
    add(synset.gloss, options.gloss * share);
    for (const target of pointed)
      for (const lemma of target.lemmas) add(lemma, options.pointer * share);
  });
  return [...best].map(([related, weight]) => ({ word: related, weight }));
}
