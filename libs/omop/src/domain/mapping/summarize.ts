import type { MappingEntry, MappingSummary } from '../model/mapping-report.js';

/**
 * Counts over the selected codes (one per coded field): already standard, normalised
 * (MAPPED, or UNCHECKED with a concept written), unmapped (UNMAPPED, or UNCHECKED with
 * 0 written). off_vocab_rate is unmapped / all, rounded to 4 decimals.
 */
export function summarize(mappings: readonly MappingEntry[]): MappingSummary {
  let standard = 0;
  let normalized = 0;
  let unmapped = 0;
  for (const mapping of mappings) {
    if (!mapping.selected) continue;
    if (mapping.mapping_status === 'ALREADY_STANDARD') standard++;
    else if (mapping.mapping_status === 'MAPPED') normalized++;
    else if (mapping.mapping_status === 'UNCHECKED' && mapping.resolution.status !== 'UNRESOLVED')
      normalized++;
    else unmapped++;
  }
  const total = standard + normalized + unmapped;
  return {
    codes_already_standard: standard,
    codes_normalized: normalized,
    codes_unmapped: unmapped,
    off_vocab_rate: total === 0 ? 0 : Math.round((unmapped / total) * 10_000) / 10_000,
  };
}
