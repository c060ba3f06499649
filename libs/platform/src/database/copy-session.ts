import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DataSource } from 'typeorm';
import { getPGliteInstance } from 'typeorm-pglite';

/** A COPY chunk: big enough to amortise a round trip, small enough to keep memory flat. */
const CHUNK_CHARS = 1 << 20;
/** PGlite reads a whole blob per COPY statement; a few MB per statement bounds memory. */
const PGLITE_BLOB_CHARS = 8 << 20;

/** One database session inside one transaction, with a bulk `COPY … FROM STDIN` path. */
export interface CopySession {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Streams COPY text-format lines (each ending in "\n") into `COPY <target> FROM STDIN`.
   * Backpressure: lines are pulled only as fast as the database takes them.
   */
  copyIn(target: string, lines: AsyncIterable<string>): Promise<void>;
  /**
   * Streams bytes as they are into `COPY <target> FROM STDIN WITH (<options>)`: chunks may cut
   * a line anywhere. The data is lines ending in "\n" (or "\r\n"); an error's `where` names
   * the line counted over the whole stream.
   */
  copyBytes(target: string, options: string, chunks: AsyncIterable<Uint8Array>): Promise<void>;
}

/** Joins lines into chunks of about `size` characters. */
async function* chunks(lines: AsyncIterable<string>, size: number): AsyncIterable<string> {
  let parts: string[] = [];
  let length = 0;
  for await (const line of lines) {
    parts.push(line);
    length += line.length;
    if (length >= size) {
      yield parts.join('');
      parts = [];
      length = 0;
    }
  }
  if (length > 0) yield parts.join('');
}

class ServerCopySession implements CopySession {
  constructor(private readonly client: pg.PoolClient) {}

  async query<T>(sql: string, params?: unknown[]): Promise<T[]> {
    return (await this.client.query(sql, params)).rows as T[];
  }

  async copyIn(target: string, lines: AsyncIterable<string>): Promise<void> {
    const stream = this.client.query(copyFrom(`COPY ${target} FROM STDIN`));
    await pipeline(Readable.from(chunks(lines, CHUNK_CHARS)), stream);
  }

  async copyBytes(target: string, options: string, bytes: AsyncIterable<Uint8Array>) {
    const stream = this.client.query(copyFrom(`COPY ${target} FROM STDIN WITH (${options})`));
    await pipeline(Readable.from(bytes, { objectMode: false }), stream);
  }
}

/**
 * Whole lines in blobs of about `size` bytes (a blob ends at a line break; the bytes after
 * it start the next), with the count of lines before each.
 */
async function* lineBlobs(
  bytes: AsyncIterable<Uint8Array>,
  size: number,
): AsyncIterable<{ blob: Blob; linesBefore: number }> {
  let parts: Uint8Array[] = [];
  let length = 0;
  let linesBefore = 0;
  const countLines = (blobParts: Uint8Array[]) => {
    let count = 0;
    for (const part of blobParts)
      for (let at = part.indexOf(10); at !== -1; at = part.indexOf(10, at + 1)) count += 1;
    return count;
  };
  for await (const chunk of bytes) {
    parts.push(chunk);
    length += chunk.length;
    if (length < size) continue;
    const end = chunk.lastIndexOf(10);
    if (end === -1) continue;
    const whole = [...parts.slice(0, -1), chunk.subarray(0, end + 1)];
    yield { blob: asBlob(whole), linesBefore };
    linesBefore += countLines(whole);
    parts = [chunk.subarray(end + 1)];
    length = parts[0].length;
  }
  if (length > 0) yield { blob: asBlob(parts), linesBefore };
}

/**
 * The parts joined in one ArrayBuffer, as the Blob PGlite reads (it only calls
 * `arrayBuffer()`). A real Blob keeps its bytes in native memory the garbage collector does
 * not count, so 8 MB blobs could pile up between collections (bench/bulk README).
 */
function asBlob(parts: Uint8Array[]): Blob {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { arrayBuffer: () => Promise.resolve(bytes.buffer) } as unknown as Blob;
}

/** Moves the line number in a COPY error's context by the lines sent in earlier blobs. */
function shiftCopyLine(error: unknown, lines: number): unknown {
  const context = error as { where?: string };
  if (lines > 0 && typeof context?.where === 'string')
    context.where = context.where.replace(
      /line (\d+)/,
      (_, line: string) => `line ${Number(line) + lines}`,
    );
  return error;
}

/** The slice of PGlite used here (typeorm-pglite resolves its own copy of the package types). */
interface PgliteDb {
  query<T>(sql: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: T[] }>;
}

class PgliteCopySession implements CopySession {
  constructor(private readonly db: PgliteDb) {}

  async query<T>(sql: string, params?: unknown[]): Promise<T[]> {
    return (await this.db.query<T>(sql, params)).rows;
  }

  async copyIn(target: string, lines: AsyncIterable<string>): Promise<void> {
    // PGlite has no COPY FROM STDIN; its virtual /dev/blob file is fed one blob per statement.
    for await (const chunk of chunks(lines, PGLITE_BLOB_CHARS)) {
      await this.db.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([chunk]) });
    }
  }

  async copyBytes(target: string, options: string, bytes: AsyncIterable<Uint8Array>) {
    for await (const { blob, linesBefore } of lineBlobs(bytes, PGLITE_BLOB_CHARS)) {
      try {
        await this.db.query(`COPY ${target} FROM '/dev/blob' WITH (${options})`, [], { blob });
      } catch (error) {
        throw shiftCopyLine(error, linesBefore);
      }
    }
  }
}

/** Whether the data source is the embedded PGlite (one session: statements run one at a time). */
export function isEmbedded(dataSource: DataSource): boolean {
  return (dataSource.options as { driver?: unknown }).driver !== undefined;
}

/**
 * Runs `work` in one transaction on one session of the data source (server PostgreSQL or
 * embedded PGlite), committing when it resolves and rolling back when it throws.
 */
export async function inCopySession<T>(
  dataSource: DataSource,
  work: (session: CopySession) => Promise<T>,
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    const session = isEmbedded(dataSource)
      ? new PgliteCopySession(await getPGliteInstance())
      : new ServerCopySession(
          (runner as unknown as { databaseConnection: pg.PoolClient }).databaseConnection,
        );
    try {
      const result = await work(session);
      await runner.commitTransaction();
      return result;
    } catch (error) {
      await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    }
  } finally {
    await runner.release();
  }
}
