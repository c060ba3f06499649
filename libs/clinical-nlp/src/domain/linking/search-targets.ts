import type { CodeSearchPort } from '../clinical-analysis.js';
import { CPT, ICD10CM, LOINC, RXNORM, SNOMED } from '../lexicon/lexicon-entry.js';

export type SearchTarget = Parameters<CodeSearchPort['search']>[0];

export const TARGET_SYSTEMS: Readonly<Record<SearchTarget, string>> = {
  SNOMED,
  ICD10CM,
  RXNORM,
  LOINC,
  CPT,
};

export type SearchHit = Awaited<ReturnType<CodeSearchPort['search']>>[number];

/**
 * A lookup that fails (vocabulary not loaded, service down) counts as no match: linking is
 * best effort and the analysis must not fail because one vocabulary is missing.
 */
export async function searchSafely(
  port: CodeSearchPort,
  target: SearchTarget,
  phrase: string,
  limit: number,
): Promise<SearchHit[]> {
  try {
    return await port.search(target, phrase, limit);
  } catch {
    return [];
  }
}
