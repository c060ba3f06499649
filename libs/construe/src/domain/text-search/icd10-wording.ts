import { icd10WordingOfDsm5 } from './dsm5-substance-wordings.js';
import { icd10WordingOfTabularNotes } from './icd10-tabular-wordings.js';

/**
 * A query rewritten into the words of ICD-10 titles where it uses another, equivalent wording
 * (DSM-5's use-disorder severities, the tabular list's own equivalences), or null when it does
 * not. Applied to ICD-10-shaped code systems only: other systems title their codes otherwise.
 */
export function icd10WordingOf(query: string): string | null {
  const dsm5 = icd10WordingOfDsm5(query);
  return icd10WordingOfTabularNotes(dsm5 ?? query) ?? dsm5;
}
