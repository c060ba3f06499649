/** A regular file read from a tar archive. */
export interface TarFile {
  path: string;
  content: Buffer;
}

export interface TarLimits {
  /** Largest single file, in bytes. */
  maxFileBytes: number;
  /** Most regular files read before giving up. */
  maxFiles: number;
}

/** Why an archive cannot be read, in words a caller can act on. */
export class BrokenArchiveError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'BrokenArchiveError';
  }
}

const BLOCK = 512;

/**
 * Reads the regular files of a POSIX (ustar) tar archive, with the GNU long-name and pax
 * `path` extensions that `npm pack` and common tar tools write. Header checksums are
 * verified; links, directories and devices are skipped.
 */
export function readTar(archive: Buffer, limits: TarLimits): TarFile[] {
  const files: TarFile[] = [];
  let offset = 0;
  let longName: string | undefined;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    checkChecksum(header, offset);
    const size = octal(header.subarray(124, 136), offset);
    const type = String.fromCharCode(header[156] || 48);
    const start = offset + BLOCK;
    const end = start + size;
    if (end > archive.length) {
      throw new BrokenArchiveError(`the archive ends inside the entry at byte ${offset}`);
    }
    const content = archive.subarray(start, end);
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'L') {
      longName = text(content);
      continue;
    }
    if (type === 'x') {
      longName = paxPath(content) ?? longName;
      continue;
    }
    if (type === 'g') continue;
    const path = longName ?? headerPath(header);
    longName = undefined;
    if (type !== '0' && type !== '7') continue;
    if (size > limits.maxFileBytes) {
      throw new BrokenArchiveError(
        `${path} is ${size} bytes; files in a package may be at most ${limits.maxFileBytes}`,
        true,
      );
    }
    if (files.length >= limits.maxFiles) {
      throw new BrokenArchiveError(`the archive holds more than ${limits.maxFiles} files`, true);
    }
    files.push({ path, content: Buffer.from(content) });
  }
  if (offset === 0) throw new BrokenArchiveError('the archive is empty');
  return files;
}

function checkChecksum(header: Buffer, offset: number): void {
  const stored = octal(header.subarray(148, 156), offset);
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) {
    sum += index >= 148 && index < 156 ? 32 : header[index];
  }
  if (sum !== stored) {
    throw new BrokenArchiveError(`the tar header at byte ${offset} is corrupt (checksum mismatch)`);
  }
}

function octal(field: Buffer, offset: number): number {
  const digits = text(field).trim();
  if (!/^[0-7]+$/.test(digits)) {
    throw new BrokenArchiveError(`the tar header at byte ${offset} is not a tar header`);
  }
  return parseInt(digits, 8);
}

function text(field: Buffer): string {
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? field.length : end).toString('utf8');
}

function headerPath(header: Buffer): string {
  const name = text(header.subarray(0, 100));
  const prefix = text(header.subarray(257, 263)).startsWith('ustar')
    ? text(header.subarray(345, 500))
    : '';
  return prefix === '' ? name : `${prefix}/${name}`;
}

/** The `path` record of a pax extended header (`<length> path=<value>\n`). */
function paxPath(content: Buffer): string | undefined {
  for (const record of content.toString('utf8').split('\n')) {
    const match = /^\d+ path=(.*)$/.exec(record);
    if (match) return match[1];
  }
  return undefined;
}
