import type { WordNetPart } from '../lexical/wordnet-lines.js';

/**
 * A small WordNet database written for the tests, in the files' own formats: each data line
 * starts with its byte offset in its file, as the index lines and pointers refer to it.
 */
export interface FixtureSynset {
  id: string;
  part: WordNetPart;
  lemmas: string[];
  /** [pointer symbol, id of the target synset] */
  pointers?: [string, string][];
  gloss: string;
}

const LETTER: Record<WordNetPart, string> = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' };
/** A licence header line as the files have it: a leading space, skipped by the parsers. */
const HEADER = '  1 This file is a test fixture, not WordNet.\n';

export function wordNetFixture(synsets: readonly FixtureSynset[]): Map<string, string> {
  const offsets = new Map<string, number>();
  const files = new Map<string, string>();
  // Offsets first (every line's length is known once its targets' offsets are: all are 8 digits).
  const lineOf = (synset: FixtureSynset) => {
    const words = synset.lemmas.map((lemma) => `${lemma} 0`).join(' ');
    const pointers = (synset.pointers ?? []).map(([symbol, target]) => {
      const to = synsets.find((candidate) => candidate.id === target)!;
      const offset = String(offsets.get(target) ?? 0).padStart(8, '0');
      return `${symbol} ${offset} ${LETTER[to.part]} 0000`;
    });
    const count = String(pointers.length).padStart(3, '0');
    const head = String(offsets.get(synset.id) ?? 0).padStart(8, '0');
    const wordCount = synset.lemmas.length.toString(16).padStart(2, '0');
    return `${head} 00 ${LETTER[synset.part]} ${wordCount} ${words} ${count}${pointers.map((p) => ` ${p}`).join('')} | ${synset.gloss}  \n`;
  };
  for (const part of ['noun', 'verb', 'adj', 'adv'] as const) {
    let position = Buffer.byteLength(HEADER);
    for (const synset of synsets.filter((candidate) => candidate.part === part)) {
      offsets.set(synset.id, position);
      position += Buffer.byteLength(lineOf(synset));
    }
  }
  for (const part of ['noun', 'verb', 'adj', 'adv'] as const) {
    const own = synsets.filter((synset) => synset.part === part);
    files.set(`data.${part}`, HEADER + own.map(lineOf).join(''));
    const lemmas = new Map<string, number[]>();
    for (const synset of own)
      for (const lemma of synset.lemmas)
        lemmas.set(lemma, [...(lemmas.get(lemma) ?? []), offsets.get(synset.id)!]);
    const index = [...lemmas]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([lemma, found]) => {
        const list = found.map((offset) => String(offset).padStart(8, '0')).join(' ');
        return `${lemma} ${LETTER[part]} ${found.length} 1 @ ${found.length} 0 ${list}  \n`;
      });
    files.set(`index.${part}`, HEADER + index.join(''));
  }
  return files;
}
