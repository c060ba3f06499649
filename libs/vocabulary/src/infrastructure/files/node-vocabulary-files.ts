import { createReadStream } from 'node:fs';
import { access, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { AppError } from '@app/shared';
import { parse } from 'csv-parse';
import { VocabularyFiles } from '../../application/ports/vocabulary-files.js';

const EXTENSIONS = ['.csv', '.txt', '.tsv', '.csv.gz', '.txt.gz', '.tsv.gz'];

/** Bytes per read: fewer, larger chunks for files of hundreds of megabytes. */
const READ_CHUNK = 1 << 20;

function open(path: string): Readable {
  const stream = createReadStream(path, { highWaterMark: READ_CHUNK });
  return path.endsWith('.gz') ? stream.pipe(createGunzip()) : stream;
}

@Injectable()
export class NodeVocabularyFiles extends VocabularyFiles {
  async findTableFile(directory: string, tableFile: string): Promise<string | null> {
    let entries: string[];
    try {
      entries = await readdir(directory);
    } catch {
      throw AppError.badRequest(
        'VOCABULARY.NO_SUCH_DIRECTORY',
        `Cannot read the folder ${directory}`,
      );
    }
    const wanted = EXTENSIONS.map((extension) => `${tableFile}${extension}`.toLowerCase());
    const found = entries.find((entry) => wanted.includes(entry.toLowerCase()));
    return found ? join(directory, found) : null;
  }

  async byteSize(path: string): Promise<number | null> {
    return path.endsWith('.gz') ? null : (await stat(path)).size;
  }

  async *bytes(path: string): AsyncIterable<Uint8Array> {
    for await (const chunk of await this.readable(path)) yield chunk as Buffer;
  }

  async *lines(path: string): AsyncIterable<string> {
    const reader = createInterface({ input: await this.readable(path), crlfDelay: Infinity });
    for await (const line of reader) yield line;
  }

  async *csvRecords(path: string): AsyncIterable<Record<string, string>> {
    const parser = (await this.readable(path)).pipe(
      parse({
        columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
      }),
    );
    for await (const record of parser) yield record as Record<string, string>;
  }

  private async readable(path: string): Promise<Readable> {
    try {
      await access(path);
    } catch {
      throw AppError.badRequest('VOCABULARY.NO_SUCH_FILE', `Cannot read the file ${path}`);
    }
    return open(path);
  }
}
