import type { PublisherFileKind } from '@app/vocabulary';
import { UsageError } from './usage-error.js';

export interface VocabImportOptions {
  athena?: string;
  icd10cm?: string;
  loinc?: string;
  hcpcs?: string;
  release?: string;
}

/** Checked before anything opens the database; returns the one source named. */
export function checkVocabImportOptions(options: VocabImportOptions): 'athena' | PublisherFileKind {
  const sources = (['athena', 'icd10cm', 'loinc', 'hcpcs'] as const).filter(
    (option) => options[option] !== undefined,
  );
  if (sources.length !== 1) {
    throw new UsageError(
      'vocab:import needs exactly one of --athena DIR, --icd10cm FILE, --loinc FILE, --hcpcs FILE',
    );
  }
  return sources[0];
}
