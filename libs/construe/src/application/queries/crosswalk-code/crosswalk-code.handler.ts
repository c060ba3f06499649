import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import { dottedIcd10cm, VocabularyLookup } from '@app/vocabulary';
import {
  crosswalkTargets,
  NO_SOURCE_CONCEPT,
  NO_TARGET_MATCHES,
  standardConceptsOf,
} from '../../../domain/crosswalk.js';
import { CrosswalkCodeQuery, type CrosswalkResult } from './crosswalk-code.query.js';

/** The vocabulary row describing the whole OMOP release (vocabulary_id 'None'). */
const RELEASE_VOCABULARY = 'None';

@QueryHandler(CrosswalkCodeQuery)
export class CrosswalkCodeHandler implements IQueryHandler<CrosswalkCodeQuery> {
  constructor(private readonly vocabulary: VocabularyLookup) {}

  async execute({ system, code, targets }: CrosswalkCodeQuery): Promise<CrosswalkResult> {
    const vocabularyId = this.vocabulary.vocabularyIdForSystem(system);
    if (!vocabularyId) {
      throw AppError.badRequest(
        'CONSTRUE.UNSUPPORTED_SYSTEM',
        `The source system ${system} is not a FHIR code system the OMOP vocabulary holds`,
      );
    }
    const release =
      (await this.vocabulary.vocabularyVersion(RELEASE_VOCABULARY)) ??
      (await this.vocabulary.vocabularyVersion(vocabularyId)) ??
      'no vocabulary loaded';
    const targetSystems = targets.map((uri) => ({
      uri,
      vocabularyId: this.vocabulary.vocabularyIdForSystem(uri),
    }));
    const source = await this.sourceConcept(vocabularyId, code.trim());
    if (!source) {
      return {
        resolved_umls_release: release,
        system,
        code,
        reason_code: NO_SOURCE_CONCEPT,
        targets: targets.map((uri) => ({
          system: uri,
          matches: [],
          reason_code: NO_TARGET_MATCHES,
        })),
      };
    }
    const sourceLinks = await this.vocabulary.relationships(source.conceptId);
    const standards = await Promise.all(
      standardConceptsOf(source, sourceLinks).map(async (concept) => ({
        concept,
        links: await this.vocabulary.relationships(concept.conceptId),
      })),
    );
    return {
      resolved_umls_release: release,
      system,
      code,
      targets: crosswalkTargets(source, sourceLinks, standards, targetSystems),
    };
  }

  /** The valid concept with that code; ICD-10-CM is accepted with or without its dot. */
  private async sourceConcept(vocabularyId: string, code: string) {
    let found = await this.vocabulary.conceptsByCode(vocabularyId, code);
    if (found.length === 0 && vocabularyId === 'ICD10CM' && !code.includes('.')) {
      found = await this.vocabulary.conceptsByCode(vocabularyId, dottedIcd10cm(code));
    }
    return found.find((concept) => concept.invalidReason === null);
  }
}
