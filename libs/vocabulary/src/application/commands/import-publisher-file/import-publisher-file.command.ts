import { Command } from '@nestjs/cqrs';
import type { ImportProgress } from '../import-athena/import-athena.command.js';

export type PublisherFileKind = 'icd10cm' | 'loinc' | 'hcpcs';

export class ImportPublisherFileCommand extends Command<{
  vocabularyId: string;
  codes: number;
  version: string;
}> {
  constructor(
    readonly kind: PublisherFileKind,
    readonly path: string,
    readonly version: string,
    readonly onProgress: (progress: ImportProgress) => void = () => undefined,
  ) {
    super();
  }
}
