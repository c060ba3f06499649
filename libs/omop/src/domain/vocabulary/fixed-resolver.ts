import type { CodeResolution, SourceCoding } from './code-resolver.js';
import type { ConceptSource, OmopConcept } from './concept-source.js';

/**
 * A code translated by a fixed table (HL7 ConceptMaps) rather than looked up by code.
 * The target is still checked in the loaded vocabulary: present and standard → MAPPED;
 * absent (the vocabulary release lacks it) → UNCHECKED, the IG's word is taken.
 */
export async function resolveFixed(
  coding: SourceCoding,
  conceptId: number | undefined,
  source: string,
  concepts: ConceptSource,
): Promise<CodeResolution> {
  const base = { coding, paths: [], truncated: false };
  if (coding.code === undefined) {
    return {
      ...base,
      targets: [],
      mappingStatus: 'UNMAPPED',
      status: 'UNRESOLVED',
      reason: 'NO_SOURCE_CODE',
      note: 'no code given',
    };
  }
  if (conceptId === undefined) {
    return {
      ...base,
      targets: [],
      mappingStatus: 'UNMAPPED',
      status: 'UNRESOLVED',
      reason: 'UNSUPPORTED_CODE',
      note: `${source} has no entry for "${coding.code}"`,
    };
  }
  if (conceptId === 0) {
    return {
      ...base,
      targets: [],
      mappingStatus: 'UNMAPPED',
      status: 'UNRESOLVED',
      reason: 'NO_STANDARD_MAP',
      note: `${source}: "${coding.code}" has no standard OMOP concept, so 0 is written`,
    };
  }
  const found = await concepts.concept(conceptId);
  if (found === null) {
    const stand_in: OmopConcept = {
      conceptId,
      conceptName: '',
      domainId: '',
      vocabularyId: '',
      conceptClassId: '',
      standardConcept: 'S',
      conceptCode: '',
      invalidReason: null,
    };
    return {
      ...base,
      targets: [stand_in],
      mappingStatus: 'UNCHECKED',
      status: 'RESOLVED',
      note: `${source}; concept ${conceptId} is not in the loaded vocabulary, so it was not checked`,
    };
  }
  if (found.standardConcept !== 'S' || found.invalidReason !== null) {
    return {
      ...base,
      targets: [],
      mappingStatus: 'UNMAPPED',
      status: 'UNRESOLVED',
      reason: 'NO_STANDARD_MAP',
      note: `${source} names concept ${conceptId}, which is not a valid standard concept`,
    };
  }
  return { ...base, targets: [found], mappingStatus: 'MAPPED', status: 'RESOLVED', note: source };
}
