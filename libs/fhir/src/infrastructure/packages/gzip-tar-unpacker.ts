import { Injectable } from '@nestjs/common';
import { gunzipSync } from 'node:zlib';
import { PackageUnpacker } from '../../application/ports/package-unpacker.js';
import { BrokenArchiveError, readTar, type TarFile } from '../../domain/profiles/tar-archive.js';
import { FhirSettings } from '../config/fhir-settings.js';

/** node's zlib with an output cap (a small gzip bomb stops at the cap), then the tar reader. */
@Injectable()
export class GzipTarUnpacker extends PackageUnpacker {
  constructor(private readonly settings: FhirSettings) {
    super();
  }

  unpack(archive: Buffer): TarFile[] {
    const maxBytes = this.settings.guidePackageMaxBytes;
    let tar: Buffer;
    try {
      tar = gunzipSync(archive, { maxOutputLength: maxBytes });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new BrokenArchiveError(`the package unpacks to more than ${maxBytes} bytes`, true);
      }
      throw new BrokenArchiveError(
        `the body is not gzip data (${(error as Error).message}); send the package.tgz as it is`,
      );
    }
    return readTar(tar, { maxFileBytes: maxBytes, maxFiles: this.settings.guidePackageMaxFiles });
  }
}
