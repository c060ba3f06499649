import { describe, expect, it } from 'vitest';
import { countLines, splitHeader } from './athena-file-text.js';

function chunksOf(...parts: string[]): AsyncIterable<Uint8Array> {
  const encoder = new TextEncoder();
  return {
    [Symbol.asyncIterator]: () => {
      const chunks = parts.map((part) => encoder.encode(part))[Symbol.iterator]();
      return { next: () => Promise.resolve(chunks.next()) };
    },
  };
}

async function text(body: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let joined = '';
  for await (const chunk of body) joined += decoder.decode(chunk, { stream: true });
  return joined;
}

describe('an Athena file split into its header and body', () => {
  it('finds the header across chunks and passes the rest on as read', async () => {
    const { header, body } = await splitHeader(
      chunksOf('\uFEFFa\tb', '\tc\n1\t2', '\t3\n4\t5\t6\n'),
    );
    expect(header).toBe('a\tb\tc');
    expect(await text(body)).toBe('1\t2\t3\n4\t5\t6\n');
  });

  it('drops blank lines at the end and ends the last line', async () => {
    const crlf = await splitHeader(chunksOf('a\r\n1\r\n2\r\n', '\r\n\r\n'));
    expect(crlf.header).toBe('a');
    expect(await text(crlf.body)).toBe('1\r\n2\r\n');
    expect(await text((await splitHeader(chunksOf('a\n1\n2'))).body)).toBe('1\n2\n');
    expect(await text((await splitHeader(chunksOf('a\n', '\n\n'))).body)).toBe('');
    expect(await text((await splitHeader(chunksOf('a'))).body)).toBe('');
  });

  it('keeps blank lines inside the file (the database refuses them, naming the line)', async () => {
    expect(await text((await splitHeader(chunksOf('a\n1\n', '\n2\n'))).body)).toBe('1\n\n2\n');
  });

  it('counts line breaks', () => {
    expect(countLines(new TextEncoder().encode('1\r\n2\n3'))).toBe(2);
    expect(countLines(new Uint8Array(0))).toBe(0);
  });
});
