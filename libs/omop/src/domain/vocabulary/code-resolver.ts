import type { MappingStatus, ResolutionPath, ResolutionReason } from '../model/mapping-report.js';
import { isPlausibleCode } from './code-syntax.js';
import type { ConceptSource, OmopConcept } from './concept-source.js';

/** One coding as the source gave it; `index` is its place in the CodeableConcept. */
export interface SourceCoding {
  system?: string;
  code?: string;
  display?: string;
  userSelected?: boolean;
  index: number;
}

/** How one source code resolved, before any choice between several standard targets. */
export interface CodeResolution {
  coding: SourceCoding;
  vocabularyId?: string;
  source?: OmopConcept;
  /** Every valid standard concept the code leads to: itself when standard, else its `Maps to` targets. */
  targets: OmopConcept[];
  mappingStatus: MappingStatus;
  status: 'RESOLVED' | 'UNRESOLVED' | 'AMBIGUOUS';
  reason?: ResolutionReason;
  paths: ResolutionPath[];
  truncated: boolean;
  note?: string;
}

function keyOf(coding: SourceCoding): string {
  return `${coding.system ?? ''}\u0000${coding.code ?? ''}`;
}

function sameCoding(a: SourceCoding, b: SourceCoding): boolean {
  return a.index === b.index && a.display === b.display && a.userSelected === b.userSelected;
}

/** The memoised outcome, told for this coding (its place and display may differ). */
function withCoding(found: CodeResolution, coding: SourceCoding): CodeResolution {
  return found.coding === coding || sameCoding(found.coding, coding) ? found : { ...found, coding };
}

/** Source concepts reported per code; a code reused across releases can have several. */
const MAX_PATHS = 5;

function unresolved(
  coding: SourceCoding,
  reason: ResolutionReason,
  note: string,
  extra: Partial<CodeResolution> = {},
): CodeResolution {
  return {
    coding,
    targets: [],
    mappingStatus: 'UNMAPPED',
    status: 'UNRESOLVED',
    reason,
    paths: [],
    truncated: false,
    note,
    ...extra,
  };
}

function isValidStandard(concept: OmopConcept): boolean {
  return concept.standardConcept === 'S' && concept.invalidReason === null;
}

/**
 * Source code → source concept → valid `Maps to` → standard concept, for one mapping run.
 * Results are memoised per (system, code), so a bundle that repeats a code costs one
 * lookup. Resolution is DIRECT only: UMLS_BRIDGE would need a UMLS crosswalk, which this
 * service does not import, so it is never claimed.
 */
export class CodeResolver {
  private readonly memo = new Map<string, Promise<CodeResolution>>();
  private readonly settled = new Map<string, CodeResolution>();
  private readonly loaded = new Map<string, Promise<boolean>>();

  constructor(private readonly concepts: ConceptSource) {}

  resolve(coding: SourceCoding): Promise<CodeResolution> {
    const known = this.peek(coding);
    if (known) return Promise.resolve(known);
    const key = keyOf(coding);
    let pending = this.memo.get(key);
    if (!pending) {
      pending = this.lookup(coding).then((found) => {
        this.settled.set(key, found);
        return found;
      });
      this.memo.set(key, pending);
    }
    return pending.then((found) => withCoding(found, coding));
  }

  /** The resolution when this code was already looked up in this run (no promise, no lookup). */
  peek(coding: SourceCoding): CodeResolution | undefined {
    const found = this.settled.get(keyOf(coding));
    return found && withCoding(found, coding);
  }

  private async lookup(coding: SourceCoding): Promise<CodeResolution> {
    if (coding.code === undefined) {
      return unresolved(coding, 'NO_SOURCE_CODE', 'the coding has no code');
    }
    if (coding.system === undefined) {
      return unresolved(
        coding,
        'NO_SOURCE_CODE',
        'the coding has no system, so its code cannot be looked up',
      );
    }
    const vocabularyId = this.concepts.vocabularyIdForSystem(coding.system);
    if (vocabularyId === undefined) {
      return unresolved(
        coding,
        'UNSUPPORTED_SYSTEM',
        `no OMOP vocabulary is known for system ${coding.system}`,
      );
    }
    if (!isPlausibleCode(vocabularyId, coding.code)) {
      return unresolved(
        coding,
        'UNSUPPORTED_CODE',
        `"${coding.code}" is not a well-formed ${vocabularyId} code`,
        {
          vocabularyId,
        },
      );
    }
    const found = await this.concepts.conceptsByCode(vocabularyId, coding.code);
    if (found.length === 0) {
      const attempted: ResolutionPath = {
        mapping_status: 'UNMAPPED',
        source_vocabulary: vocabularyId,
        source_code: coding.code,
      };
      if (!(await this.isLoaded(vocabularyId))) {
        return unresolved(
          coding,
          'NO_OMOP_SOURCE_CONCEPT',
          `vocabulary ${vocabularyId} is not loaded, so the code could not be checked`,
          {
            vocabularyId,
            mappingStatus: 'UNCHECKED',
            paths: [{ ...attempted, mapping_status: 'UNCHECKED' }],
          },
        );
      }
      return unresolved(
        coding,
        'NO_OMOP_SOURCE_CONCEPT',
        `${vocabularyId} has no concept with code ${coding.code}`,
        {
          vocabularyId,
          paths: [attempted],
        },
      );
    }
    return this.fromSourceConcepts(coding, vocabularyId, found);
  }

  private async fromSourceConcepts(
    coding: SourceCoding,
    vocabularyId: string,
    found: OmopConcept[],
  ): Promise<CodeResolution> {
    // Valid concepts come first (the source orders them so); the first is the source concept.
    const source = found[0];
    const reported = found.slice(0, MAX_PATHS);
    const targetsOf = await Promise.all(
      reported.map((concept) =>
        isValidStandard(concept)
          ? Promise.resolve([concept])
          : this.concepts.standardTargets(concept.conceptId),
      ),
    );
    const paths: ResolutionPath[] = reported.map((concept, index) => ({
      mapping_status: isValidStandard(concept)
        ? 'ALREADY_STANDARD'
        : targetsOf[index].some(isValidStandard)
          ? 'MAPPED'
          : 'UNMAPPED',
      source_concept_id: concept.conceptId,
      source_vocabulary: concept.vocabularyId,
      source_code: concept.conceptCode,
    }));
    const base = { coding, vocabularyId, source, paths, truncated: found.length > MAX_PATHS };
    if (isValidStandard(source)) {
      return { ...base, targets: [source], mappingStatus: 'ALREADY_STANDARD', status: 'RESOLVED' };
    }
    const targets = targetsOf[0].filter(isValidStandard);
    if (targets.length === 0) {
      return {
        ...base,
        targets: [],
        mappingStatus: 'UNMAPPED',
        status: 'UNRESOLVED',
        reason: 'NO_STANDARD_MAP',
        note:
          source.invalidReason === null
            ? `${vocabularyId} ${coding.code} is not standard and has no valid Maps to`
            : `${vocabularyId} ${coding.code} is invalid (${source.invalidReason}) and has no valid Maps to`,
      };
    }
    if (targets.length > 1) {
      return {
        ...base,
        targets,
        mappingStatus: 'MAPPED',
        status: 'AMBIGUOUS',
        reason: 'AMBIGUOUS',
      };
    }
    return { ...base, targets, mappingStatus: 'MAPPED', status: 'RESOLVED' };
  }

  private isLoaded(vocabularyId: string): Promise<boolean> {
    let pending = this.loaded.get(vocabularyId);
    if (!pending) {
      const version = this.concepts.vocabularyVersion?.(vocabularyId);
      // Without a way to ask, a vocabulary is taken as loaded: the code is then UNMAPPED.
      pending = version ? version.then((found) => found !== null) : Promise.resolve(true);
      this.loaded.set(vocabularyId, pending);
    }
    return pending;
  }
}
