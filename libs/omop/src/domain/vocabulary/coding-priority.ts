import type { CodeResolution } from './code-resolver.js';
import type { OmopConcept } from './concept-source.js';

/**
 * Which coding of a CodeableConcept is used, after the IG's Code Prioritization
 * Framework (f2o-034..036). Codings are compared, in order, by:
 *  1. outcome: reaches a standard concept directly (ALREADY_STANDARD), then through one
 *     `Maps to` (MAPPED), then through several (AMBIGUOUS), then a known source concept
 *     without a standard map, then anything else;
 *  2. a standard concept in the domain the field expects (a LOINC lab code over a
 *     SNOMED finding for an Observation, a SNOMED disorder for a Condition);
 *  3. `userSelected: true` (f2o-035);
 *  4. specificity: within one system, a descendant wins over its ancestor (f2o-036),
 *     applied by the caller when the vocabulary offers ancestors;
 *  5. vocabulary: SNOMED, LOINC, RxNorm, CVX, ICD-10-CM, then the others;
 *  6. position in the coding array.
 */
const VOCABULARY_ORDER = [
  'SNOMED',
  'LOINC',
  'RxNorm',
  'RxNorm Extension',
  'CVX',
  'ICD10CM',
  'NDC',
  'ICD10PCS',
  'CPT4',
  'HCPCS',
  'ICD9CM',
];

function outcomeRank(resolution: CodeResolution): number {
  if (resolution.status === 'RESOLVED')
    return resolution.mappingStatus === 'ALREADY_STANDARD' ? 0 : 1;
  if (resolution.status === 'AMBIGUOUS') return 2;
  return resolution.source ? 3 : 4;
}

function vocabularyRank(resolution: CodeResolution): number {
  const rank = VOCABULARY_ORDER.indexOf(resolution.vocabularyId ?? '');
  return rank < 0 ? VOCABULARY_ORDER.length : rank;
}

function domainRank(resolution: CodeResolution, preferredDomains: readonly string[]): number {
  return resolution.targets.some((target) => preferredDomains.includes(target.domainId)) ? 0 : 1;
}

export function compareCodings(
  a: CodeResolution,
  b: CodeResolution,
  preferredDomains: readonly string[],
): number {
  return (
    outcomeRank(a) - outcomeRank(b) ||
    domainRank(a, preferredDomains) - domainRank(b, preferredDomains) ||
    Number(b.coding.userSelected === true) - Number(a.coding.userSelected === true) ||
    vocabularyRank(a) - vocabularyRank(b) ||
    a.coding.index - b.coding.index
  );
}

/** Codings with the same key are tied on rules 1, 2, 3 and 5: rule 4 (specificity) decides. */
export function specificityTieKey(
  resolution: CodeResolution,
  preferredDomains: readonly string[],
): string {
  return [
    outcomeRank(resolution),
    domainRank(resolution, preferredDomains),
    resolution.coding.userSelected === true,
    resolution.vocabularyId,
  ].join('|');
}

/**
 * The standard target used when a code maps to several (AMBIGUOUS): the first in the
 * domain the field expects, else the first; "first" is the lowest concept_id, so the
 * choice is stable across runs. The others are named in the mapping's note.
 */
export function chooseTarget(
  targets: readonly OmopConcept[],
  preferredDomains: readonly string[],
): OmopConcept | undefined {
  const sorted = [...targets].sort((a, b) => a.conceptId - b.conceptId);
  return sorted.find((target) => preferredDomains.includes(target.domainId)) ?? sorted[0];
}
