import { terms, words } from '../text-search/search-words.js';
import {
  parseDataLine,
  parseIndexLine,
  type Synset,
  type SynsetPointer,
  type WordNetPart,
} from './wordnet-lines.js';

/**
 * What a general-English lexical database (WordNet) knows about the words and phrases of a
 * code system's titles: the other lemmas of their synsets ("cerumen": "earwax"), the words of
 * the synsets' definitions ("glossodynia": "pain in the tongue") and the lemmas of the
 * synsets some pointers lead to (a hypernym, the noun an adjective pertains to: "renal" →
 * "kidney"). Only the system's own words are looked up, so the map stays as small as the
 * system's vocabulary.
 */
export interface LexicalOptions {
  parts: readonly WordNetPart[];
  /** How many of a lemma's senses are read, most frequent first (WordNet's order). */
  senses: number;
  /** Whether the definitions' words are related words. */
  gloss: boolean;
  /** Pointer symbols whose target synsets' lemmas are related words. */
  pointers: readonly string[];
  /** The longest title phrase, in words, looked up as one lemma ("disorganized schizophrenia"). */
  maxPhrase: number;
  /**
   * Only title words and phrases found in at most this many titles are looked up (0: all):
   * the specific words ("cerumen") are the ones a lay wording replaces, while a common word
   * ("left", "injury") brings senses that have nothing to do with most of its codes and makes
   * the field long for every code (slower searches, more memory).
   */
  maxTitles: number;
}

export const DEFAULT_LEXICAL_OPTIONS: LexicalOptions = {
  parts: ['noun', 'adj'],
  senses: 2,
  gloss: true,
  pointers: ['\\'],
  maxPhrase: 3,
  maxTitles: 100,
};

export interface SynsetAddress {
  part: WordNetPart;
  offset: number;
}

/** The lookup key of a lemma or a title phrase: its index terms (stemmed words), space-joined. */
export function lemmaKey(lemma: string): string {
  return terms(lemma.replace(/[_-]/g, ' ')).join(' ');
}

/** The keys of a text's words and of its phrases of up to `maxPhrase` consecutive words. */
export function phraseKeys(text: string, maxPhrase: number): string[] {
  const textTerms = terms(text);
  const keys: string[] = [];
  for (let start = 0; start < textTerms.length; start++) {
    for (let length = 1; length <= maxPhrase && start + length <= textTerms.length; length++) {
      keys.push(textTerms.slice(start, start + length).join(' '));
    }
  }
  return keys;
}

const addressOf = ({ part, offset }: SynsetAddress) => `${part}:${offset}`;

/**
 * Gathers the knowledge in the order a reader of the database files can give it: the index
 * lines (to find the synsets of the titles' words), the synsets they name, then the synsets
 * their followed pointers name.
 */
export class LexicalKnowledgeBuilder {
  private readonly titleCounts = new Map<string, number>();
  private wantedKeys: Set<string> | null = null;
  private readonly senses = new Map<string, SynsetAddress[]>();
  private readonly synsets = new Map<string, Synset>();
  private readonly pointed = new Map<string, Synset>();

  constructor(readonly options: LexicalOptions = DEFAULT_LEXICAL_OPTIONS) {}

  /** Counts a title's words and phrases; every title comes before the first index line. */
  addTitle(title: string): void {
    for (const key of new Set(phraseKeys(title, this.options.maxPhrase))) {
      this.titleCounts.set(key, (this.titleCounts.get(key) ?? 0) + 1);
    }
  }

  private wanted(): Set<string> {
    if (this.wantedKeys === null) {
      const { maxTitles } = this.options;
      this.wantedKeys = new Set(
        [...this.titleCounts]
          .filter(([, count]) => maxTitles <= 0 || count <= maxTitles)
          .map(([key]) => key),
      );
      this.titleCounts.clear();
    }
    return this.wantedKeys;
  }

  get parts(): readonly WordNetPart[] {
    return this.options.parts;
  }

  /** Records the senses of a lemma the titles use; other lines are ignored. */
  addIndexLine(part: WordNetPart, line: string): void {
    if (!this.options.parts.includes(part)) return;
    const entry = parseIndexLine(line);
    if (entry === null) return;
    const key = lemmaKey(entry.lemma);
    if (!this.wanted().has(key)) return;
    const addresses = this.senses.get(key) ?? [];
    for (const offset of entry.offsets.slice(0, this.options.senses)) {
      addresses.push({ part, offset });
    }
    this.senses.set(key, addresses);
  }

  /** The synsets the recorded senses name, each once. */
  synsetsToRead(): SynsetAddress[] {
    return unique([...this.senses.values()].flat());
  }

  addSynset(part: WordNetPart, line: string): void {
    const synset = parseDataLine(line);
    if (synset !== null) this.synsets.set(addressOf({ part, offset: synset.offset }), synset);
  }

  /** The targets of the followed pointers of the synsets read, each once. */
  pointedToRead(): SynsetAddress[] {
    return unique(
      [...this.synsets.values()].flatMap((synset) => this.followed(synset.pointers)),
    ).filter((address) => !this.synsets.has(addressOf(address)));
  }

  addPointed(part: WordNetPart, line: string): void {
    const synset = parseDataLine(line);
    if (synset !== null) this.pointed.set(addressOf({ part, offset: synset.offset }), synset);
  }

  build(): LexicalKnowledge {
    const related = new Map<string, string>();
    for (const [key, addresses] of this.senses) {
      const own = new Set(key.split(' '));
      const found = new Set<string>();
      const add = (text: string) => {
        for (const word of words(text.replace(/_/g, ' '))) {
          if (word.length > 2 && !own.has(terms(word)[0])) found.add(word);
        }
      };
      for (const address of addresses) {
        const synset = this.synsets.get(addressOf(address));
        if (synset === undefined) continue;
        synset.lemmas.forEach(add);
        if (this.options.gloss) add(synset.gloss);
        for (const target of this.followed(synset.pointers)) {
          const pointed =
            this.synsets.get(addressOf(target)) ?? this.pointed.get(addressOf(target));
          pointed?.lemmas.forEach(add);
        }
      }
      if (found.size > 0) related.set(key, [...found].join(' '));
    }
    return new LexicalKnowledge(related, this.options.maxPhrase);
  }

  private followed(pointers: readonly SynsetPointer[]): SynsetAddress[] {
    return pointers.filter((pointer) => this.options.pointers.includes(pointer.symbol));
  }
}

/** The related words of a system's title words and phrases. */
export class LexicalKnowledge {
  constructor(
    private readonly related: ReadonlyMap<string, string>,
    private readonly maxPhrase: number,
  ) {}

  static readonly NONE = new LexicalKnowledge(new Map(), 1);

  get size(): number {
    return this.related.size;
  }

  /** What the knowledge adds to a title: one text per known word or phrase of it. */
  about(title: string): string[] {
    if (this.related.size === 0) return [];
    const found: string[] = [];
    for (const key of new Set(phraseKeys(title, this.maxPhrase))) {
      const text = this.related.get(key);
      if (text !== undefined) found.push(text);
    }
    return found;
  }
}

function unique(addresses: SynsetAddress[]): SynsetAddress[] {
  const seen = new Map<string, SynsetAddress>();
  for (const address of addresses) seen.set(addressOf(address), address);
  return [...seen.values()];
}
