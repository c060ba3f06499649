import { Command } from '@nestjs/cqrs';

export interface ImportProgress {
  table: string;
  rows: number;
  done: boolean;
  rowsPerSecond?: number;
  /** Seconds left for this file, from the bytes read so far; null when unknown (gzipped). */
  etaSeconds?: number | null;
}

export interface ImportSummary {
  tables: { table: string; rows: number }[];
  vocabularyIds: string[];
  /** No row was inserted or updated: the same files imported again. */
  unchanged: boolean;
}

export class ImportAthenaCommand extends Command<ImportSummary> {
  constructor(
    readonly directory: string,
    readonly onProgress: (progress: ImportProgress) => void = () => undefined,
  ) {
    super();
  }
}
