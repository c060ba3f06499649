import { child, text } from '../fhir/json.js';
import type { CodeResolution, SourceCoding } from '../vocabulary/code-resolver.js';
import type { ConceptSource, OmopConcept } from '../vocabulary/concept-source.js';
import { readUcum } from './ucum-normalizer.js';

export const UCUM_SYSTEM = 'http://unitsofmeasure.org';

/** A unit's outcome in the same shape as a code's, so it reports through the same mappings. */
export interface UnitResolution extends CodeResolution {
  sourceValue?: string;
  concept?: OmopConcept;
}

function isUcumSystem(system: string | undefined): boolean {
  return (
    system === undefined || system === UCUM_SYSTEM || system === 'urn:oid:2.16.840.1.113883.6.8'
  );
}

/**
 * Quantity units to OMOP unit concepts: the unit code (else the unit text) is validated
 * and normalised as UCUM, then looked up in the UCUM vocabulary, whose concept codes are
 * UCUM codes. Memoised per run like codes.
 */
export class UnitResolver {
  private readonly memo = new Map<string, Promise<UnitResolution>>();

  constructor(private readonly concepts: ConceptSource) {}

  resolve(quantity: unknown): Promise<UnitResolution> {
    const value = child(quantity) ?? {};
    const system = text(value.system);
    const code = text(value.code) ?? text(value.unit);
    const key = `${system ?? ''}\u0000${code ?? ''}`;
    let pending = this.memo.get(key);
    if (!pending) {
      pending = this.lookup({ system: system ?? (code ? UCUM_SYSTEM : undefined), code, index: 0 });
      this.memo.set(key, pending);
    }
    return pending;
  }

  private async lookup(coding: SourceCoding): Promise<UnitResolution> {
    const base = { coding, sourceValue: coding.code, targets: [], paths: [], truncated: false };
    if (coding.code === undefined) {
      return {
        ...base,
        mappingStatus: 'UNMAPPED',
        status: 'UNRESOLVED',
        reason: 'NO_SOURCE_CODE',
        note: 'the quantity has no unit',
      };
    }
    if (!isUcumSystem(coding.system)) {
      return {
        ...base,
        mappingStatus: 'UNMAPPED',
        status: 'UNRESOLVED',
        reason: 'UNSUPPORTED_SYSTEM',
        note: `units are read as UCUM; ${coding.system} is not UCUM`,
      };
    }
    const reading = readUcum(coding.code);
    if (reading.kind === 'invalid') {
      return {
        ...base,
        vocabularyId: 'UCUM',
        mappingStatus: 'UNMAPPED',
        status: 'UNRESOLVED',
        reason: 'UNSUPPORTED_CODE',
        note: reading.problem,
      };
    }
    const found = await this.concepts.conceptsByCode('UCUM', reading.code);
    const concept = found.find(
      (candidate) => candidate.standardConcept === 'S' && candidate.invalidReason === null,
    );
    const path = { source_vocabulary: 'UCUM', source_code: reading.code };
    if (!concept) {
      return {
        ...base,
        vocabularyId: 'UCUM',
        mappingStatus: 'UNMAPPED',
        status: 'UNRESOLVED',
        reason: 'NO_OMOP_SOURCE_CONCEPT',
        note: `no standard UCUM concept has code ${reading.code}`,
        paths: [{ ...path, mapping_status: 'UNMAPPED' }],
      };
    }
    const normalized = reading.kind === 'normalized';
    return {
      ...base,
      vocabularyId: 'UCUM',
      source: concept,
      concept,
      targets: [concept],
      mappingStatus: normalized ? 'MAPPED' : 'ALREADY_STANDARD',
      status: 'RESOLVED',
      note: normalized ? reading.how : undefined,
      paths: [
        {
          ...path,
          mapping_status: normalized ? 'MAPPED' : 'ALREADY_STANDARD',
          source_concept_id: concept.conceptId,
        },
      ],
    };
  }
}
