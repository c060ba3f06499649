import { words } from './search-words.js';

/** Where an acronym was found: the code, and the words it spells out. */
export interface AcronymMatch {
  doc: number;
  /** What `idOf` gave for each word the acronym spells out, in order. */
  wordIds: number[];
}

/** The shortest acronym looked up: two letters stand for too many phrases. */
const MIN_ACRONYM_LENGTH = 3;
const MAX_ACRONYM_LENGTH = 8;
/** Matches read per acronym: an acronym found in more names than this says little. */
const MAX_MATCHES = 400;
const SEPARATOR = '|';
const ROMAN_NUMERAL = /^[ivxl]+$/;

/**
 * Acronyms read off the code system's own names: "DRESS" is the initials of "Drug rash with
 * eosinophilia and systemic symptoms", "GSS" of "Gerstmann-Straussler-Scheinker". Each name is
 * kept as the string of its words' first letters (stop words left out, as in an acronym; a
 * number keeps all its digits), all names joined in one string, so an acronym is found where
 * its letters run over consecutive words of a name (a substring search), whatever the name's
 * other words are. Nothing is listed by hand: what a title spells out is what can be found.
 */
export class TitleInitials {
  private readonly initials: string;
  /** Start of each name in `initials`, ascending, and the doc it belongs to. */
  private readonly starts: Int32Array;
  private readonly docs: Int32Array;
  /** For each character of `initials`, `idOf` of the word it stands for (-1 at separators). */
  private readonly wordIds: Int32Array;

  /** `names`: each document's names (title, synonyms); `idOf`: what a match reports per word. */
  constructor(names: readonly (readonly string[])[], idOf: (word: string) => number) {
    const parts: string[] = [];
    const starts: number[] = [];
    const docs: number[] = [];
    const wordIds: number[] = [];
    let offset = 0;
    names.forEach((docNames, doc) => {
      for (const name of docNames) {
        const nameWords = words(name);
        const letters = nameWords.map((word) => (/^\d+$/.test(word) ? word : word[0]));
        const length = letters.reduce((sum, part) => sum + part.length, 0);
        if (length < MIN_ACRONYM_LENGTH) continue;
        starts.push(offset);
        docs.push(doc);
        nameWords.forEach((word, index) => {
          const id = idOf(word);
          for (let digit = 0; digit < letters[index].length; digit++) wordIds.push(id);
        });
        wordIds.push(-1);
        parts.push(...letters, SEPARATOR);
        offset += length + 1;
      }
    });
    this.initials = parts.join('');
    this.starts = Int32Array.from(starts);
    this.docs = Int32Array.from(docs);
    this.wordIds = Int32Array.from(wordIds);
  }

  /**
   * Every place where the acronym's letters are the initials of consecutive words of a name.
   * A digit in the acronym must be a number word of its own ("ADA2": "adenosine deaminase 2").
   */
  find(acronym: string): AcronymMatch[] {
    const wanted = acronym.toLowerCase();
    const found: AcronymMatch[] = [];
    for (
      let at = this.initials.indexOf(wanted);
      at >= 0 && found.length < MAX_MATCHES;
      at = this.initials.indexOf(wanted, at + 1)
    ) {
      const ids: number[] = [];
      for (let position = at; position < at + wanted.length; position++) {
        // A number's digits all stand for its one word.
        if (position === at || this.wordIds[position] !== this.wordIds[position - 1])
          ids.push(this.wordIds[position]);
      }
      found.push({ doc: this.docs[this.entryAt(at)], wordIds: ids });
    }
    return found;
  }

  private entryAt(position: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.starts[middle] <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/**
 * The query's words typed as acronyms: written in capitals (two or more, digits allowed:
 * "DRESS", "ADA2", "CMML" of "CMML-2"), of three to eight characters, not a Roman numeral
 * ("III"), not the coders' "NOS" / "NEC", and not the initials of the query's own words
 * ("partial thromboplastin time [PTT]" spells itself out). Lower case, as `words` gives them.
 */
export function typedAcronyms(query: string): Set<string> {
  const found = new Set<string>();
  const tokens = query.match(/[A-Za-z0-9]+/g) ?? [];
  for (const token of tokens) {
    if (token.length < MIN_ACRONYM_LENGTH || token.length > MAX_ACRONYM_LENGTH) continue;
    if (!/^[A-Z0-9]+$/.test(token) || (token.match(/[A-Z]/g) ?? []).length < 2) continue;
    const lower = token.toLowerCase();
    if (ROMAN_NUMERAL.test(lower) || lower === 'nos' || lower === 'nec') continue;
    const spelledOut = words(tokens.filter((other) => other !== token).join(' '))
      .map((word) => word[0])
      .join('');
    if (!spelledOut.includes(lower)) found.add(lower);
  }
  return found;
}
