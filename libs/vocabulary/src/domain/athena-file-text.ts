const NEWLINE = 10;
const RETURN = 13;

function concat(first: Uint8Array, second: Uint8Array): Uint8Array {
  if (first.length === 0) return second;
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first);
  joined.set(second, first.length);
  return joined;
}

/** Index of the last byte that is not a line break, or -1. */
function lastContent(chunk: Uint8Array): number {
  let index = chunk.length - 1;
  while (index >= 0 && (chunk[index] === NEWLINE || chunk[index] === RETURN)) index -= 1;
  return index;
}

/** Line breaks in a chunk (`\n`, so `\r\n` counts once). */
export function countLines(chunk: Uint8Array): number {
  let count = 0;
  for (let index = chunk.indexOf(NEWLINE); index !== -1; index = chunk.indexOf(NEWLINE, index + 1))
    count += 1;
  return count;
}

export interface FileText {
  /** The first line, without its line break or a byte order mark. */
  header: string;
  /**
   * The lines after it, as read (no copy per line), each ending in a line break; blank lines
   * at the end of the file are dropped, and a last line without a break gets one.
   */
  body: AsyncIterable<Uint8Array>;
}

async function* rest(
  first: Uint8Array,
  chunks: AsyncIterator<Uint8Array>,
): AsyncIterable<Uint8Array> {
  // Line breaks at the end of what was read wait for more text: at the end of the file
  // only the first of them is passed on.
  let pending: Uint8Array = new Uint8Array(0);
  let wrote = false;
  for (let chunk = first; ;) {
    const last = lastContent(chunk);
    if (last === -1) {
      pending = concat(pending, chunk);
    } else {
      yield concat(pending, chunk.subarray(0, last + 1));
      wrote = true;
      pending = chunk.slice(last + 1);
    }
    const next = await chunks.next();
    if (next.done) break;
    chunk = next.value;
  }
  if (!wrote) return;
  const crlf = pending[0] === RETURN && pending[1] === NEWLINE;
  yield pending.length === 0 || pending[0] === NEWLINE
    ? Uint8Array.of(NEWLINE)
    : crlf
      ? Uint8Array.of(RETURN, NEWLINE)
      : Uint8Array.of(RETURN);
}

/** Splits a file's bytes into its header line and the rest, without decoding the rest. */
export async function splitHeader(chunks: AsyncIterable<Uint8Array>): Promise<FileText> {
  const iterator = chunks[Symbol.asyncIterator]();
  let head: Uint8Array = new Uint8Array(0);
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    head = concat(head, next.value);
    const end = head.indexOf(NEWLINE);
    if (end === -1) continue;
    const header = new TextDecoder().decode(head.subarray(0, end)).replace(/\r$/, '');
    return { header, body: rest(head.subarray(end + 1), iterator) };
  }
  return {
    header: new TextDecoder().decode(head).replace(/\r$/, ''),
    body: rest(head.subarray(head.length), iterator),
  };
}
