import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import { VocabularyLookup } from '@app/vocabulary';
import { HashedOmopIdAllocator } from '../../../domain/ids/hashed-id-allocator.js';
import { checkFhirShapes } from '../../../domain/input/check-fhir-shapes.js';
import { FhirInputError, type InputProblem } from '../../../domain/input/fhir-input-error.js';
import { readFhirInput } from '../../../domain/input/read-fhir-input.js';
import { mapFhirToOmop } from '../../../domain/map-fhir-to-omop.js';
import type { OmopMappingResult } from '../../../domain/model/mapping-report.js';
import { OmopErrorCodes } from '../../../domain/omop-errors.js';
import { MapFhirToOmopQuery } from './map-fhir-to-omop.query.js';

function invalid(problems: InputProblem[]): AppError {
  const listed = problems.map((problem) => `${problem.path} ${problem.problem}`);
  return AppError.badRequest(
    OmopErrorCodes.INVALID_FHIR,
    `fhir_resources is not FHIR the mapper can read: ${listed.slice(0, 5).join('; ')}${listed.length > 5 ? `; and ${listed.length - 5} more` : ''}`,
    problems,
  );
}

/**
 * Maps a resource or Bundle with the vocabulary store's cached lookups. The request is
 * refused (400) when it is not a resource or Bundle, or when an element the mapper reads
 * has the wrong JSON type; everything else that cannot be mapped is reported in the result.
 */
@QueryHandler(MapFhirToOmopQuery)
export class MapFhirToOmopHandler implements IQueryHandler<MapFhirToOmopQuery> {
  constructor(private readonly vocabulary: VocabularyLookup) {}

  async execute(query: MapFhirToOmopQuery): Promise<OmopMappingResult> {
    try {
      const problems = checkFhirShapes(readFhirInput(query.fhirResources).entries);
      if (problems.length > 0) throw invalid(problems);
      return await mapFhirToOmop(query.fhirResources, {
        concepts: this.vocabulary,
        ids: new HashedOmopIdAllocator(),
        vocabVersion: query.vocabVersion,
      });
    } catch (error) {
      if (error instanceof FhirInputError) throw invalid(error.problems);
      throw error;
    }
  }
}
