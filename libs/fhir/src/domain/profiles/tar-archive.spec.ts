import { describe, expect, it } from 'vitest';
import { BrokenArchiveError, readTar } from './tar-archive.js';

const LIMITS = { maxFileBytes: 1024, maxFiles: 3 };

/** One ustar header block (checksum computed as tar does), then the content padded to 512. */
function entry(path: string, content: string, type = '0'): Buffer {
  const header = Buffer.alloc(512);
  header.write(path, 0, 100, 'utf8');
  header.write('0000644\0', 100);
  header.write(`${content.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write(type, 156);
  header.write('ustar\x0000', 257);
  header.fill(32, 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const body = Buffer.alloc(Math.ceil(content.length / 512) * 512);
  body.write(content);
  return Buffer.concat([header, body]);
}

const end = Buffer.alloc(1024);

describe('readTar', () => {
  it('reads regular files, a GNU long name, and skips directories', () => {
    const long = `package/${'x'.repeat(120)}.json`;
    const archive = Buffer.concat([
      entry('package/', '', '5'),
      entry('package/package.json', '{"name":"p"}'),
      entry('././@LongLink', long, 'L'),
      entry('package/short-name.json', '{}'),
      end,
    ]);
    const files = readTar(archive, LIMITS);
    expect(files.map((file) => file.path)).toEqual(['package/package.json', long]);
    expect(files[0].content.toString()).toBe('{"name":"p"}');
  });

  it('refuses a corrupt header, a truncated entry, and what exceeds the limits', () => {
    const good = entry('a.json', '{}');
    const corrupt = Buffer.from(good);
    corrupt[0] = 'b'.charCodeAt(0);
    expect(() => readTar(Buffer.concat([corrupt, end]), LIMITS)).toThrow(/checksum/);
    const truncated = entry('a.json', 'y'.repeat(600)).subarray(0, 700);
    expect(() => readTar(truncated, LIMITS)).toThrow(/ends inside/);
    expect(() => readTar(Buffer.concat([entry('big', 'z'.repeat(2000)), end]), LIMITS)).toThrow(
      expect.objectContaining({ tooLarge: true }),
    );
    const many = Buffer.concat([...['1', '2', '3', '4'].map((n) => entry(n, n)), end]);
    expect(() => readTar(many, LIMITS)).toThrow(BrokenArchiveError);
    expect(() => readTar(end, LIMITS)).toThrow(/empty/);
  });
});
