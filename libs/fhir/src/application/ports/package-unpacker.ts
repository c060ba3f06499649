import type { TarFile } from '../../domain/profiles/tar-archive.js';

/**
 * Unpacks a `package.tgz` (gzip over tar) into its regular files, under the service's size
 * caps. Throws BrokenArchiveError (domain) for what is not a readable archive or too large.
 */
export abstract class PackageUnpacker {
  abstract unpack(archive: Buffer): TarFile[];
}
