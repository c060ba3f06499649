/**
 * The line formats of the WordNet database files (`index.noun`, `data.noun`, … as Princeton
 * distributes them): an index line lists a lemma's synsets by byte offset in the data file
 * of the same part of speech, most frequent sense first; a data line holds one synset, its
 * lemmas, its pointers to other synsets and its gloss.
 */
export type WordNetPart = 'noun' | 'verb' | 'adj' | 'adv';

export const WORDNET_PARTS: readonly WordNetPart[] = ['noun', 'verb', 'adj', 'adv'];

const PART_OF_LETTER: Record<string, WordNetPart> = {
  n: 'noun',
  v: 'verb',
  a: 'adj',
  s: 'adj',
  r: 'adv',
};

export interface IndexEntry {
  /** The lemma as the file spells it: lower case, words joined by `_`. */
  lemma: string;
  /** Byte offsets of its synsets in the data file, most frequent sense first. */
  offsets: number[];
}

export interface SynsetPointer {
  /** `@` hypernym, `\` pertainym ("renal" → "kidney"), `+` derivation, `&` similar to, … */
  symbol: string;
  part: WordNetPart;
  offset: number;
}

export interface Synset {
  offset: number;
  lemmas: string[];
  pointers: SynsetPointer[];
  /** The definition, without the usage examples that follow it. */
  gloss: string;
}

/** `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…`; null for the licence header. */
export function parseIndexLine(line: string): IndexEntry | null {
  if (line.length === 0 || line.startsWith(' ')) return null;
  const fields = line.trim().split(' ');
  const synsetCount = Number(fields[2]);
  const pointerCount = Number(fields[3]);
  const first = 4 + pointerCount + 2;
  const offsets = fields.slice(first, first + synsetCount).map(Number);
  if (!Number.isInteger(synsetCount) || offsets.length !== synsetCount || offsets.some(isNaN)) {
    return null;
  }
  return { lemma: fields[0], offsets };
}

/**
 * `offset lex_filenum ss_type w_cnt word lex_id … p_cnt (symbol offset pos source/target)… | gloss`
 * (w_cnt in hexadecimal); null for the licence header.
 */
export function parseDataLine(line: string): Synset | null {
  if (line.length === 0 || line.startsWith(' ')) return null;
  const bar = line.indexOf(' | ');
  const fields = (bar < 0 ? line : line.slice(0, bar)).trim().split(' ');
  const wordCount = parseInt(fields[3], 16);
  if (!Number.isInteger(wordCount)) return null;
  const lemmas: string[] = [];
  for (let index = 0; index < wordCount; index++) {
    // Adjectives may carry a syntactic marker: "galore(ip)".
    lemmas.push(fields[4 + 2 * index].replace(/\([a-z]+\)$/, '').toLowerCase());
  }
  const at = 4 + 2 * wordCount;
  const pointerCount = Number(fields[at]);
  const pointers: SynsetPointer[] = [];
  for (let index = 0; index < pointerCount; index++) {
    const [symbol, offset, letter] = fields.slice(at + 1 + 4 * index, at + 4 + 4 * index);
    const part = PART_OF_LETTER[letter];
    if (part !== undefined) pointers.push({ symbol, part, offset: Number(offset) });
  }
  const gloss = bar < 0 ? '' : line.slice(bar + 3).trim();
  // Examples follow the definition as `; "…"`.
  const examples = gloss.search(/;\s*"/);
  return {
    offset: Number(fields[0]),
    lemmas,
    pointers,
    gloss: (examples < 0 ? gloss : gloss.slice(0, examples)).trim(),
  };
}
