import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { checkFhirInput, warningLines, type InputFinding } from '@app/fhir';
import { AppError, RequestContext } from '@app/shared';
import { VocabularyLookup } from '@app/vocabulary';
import { HashedOmopIdAllocator } from '../../../domain/ids/hashed-id-allocator.js';
import { checkFhirShapes } from '../../../domain/input/check-fhir-shapes.js';
import { FhirInputError } from '../../../domain/input/fhir-input-error.js';
import { readFhirInput } from '../../../domain/input/read-fhir-input.js';
import { mapFhirToOmop } from '../../../domain/map-fhir-to-omop.js';
import { OmopErrorCodes } from '../../../domain/omop-errors.js';
import { MapFhirToOmopQuery, type OmopMappingAnswer } from './map-fhir-to-omop.query.js';

function invalid(problems: InputFinding[]): AppError {
  const listed = problems.map((problem) => `${problem.path} ${problem.problem}`);
  return AppError.badRequest(
    OmopErrorCodes.INVALID_FHIR,
    `fhir_resources is not FHIR the mapper can read: ${listed.slice(0, 5).join('; ')}${listed.length > 5 ? `; and ${listed.length - 5} more` : ''}`,
    problems,
  );
}

/**
 * Maps a resource or Bundle with the vocabulary store's cached lookups. The input goes
 * through the mapper's reader (not a resource or Bundle: 400), the shared FHIR input policy
 * of @app/fhir (structural failures, and with strict every R4 finding: 400; otherwise the
 * findings are warnings) and the mapper's own need: an element it reads with the wrong JSON
 * type is a 400. Everything else that cannot be mapped is reported in the result.
 */
@QueryHandler(MapFhirToOmopQuery)
export class MapFhirToOmopHandler implements IQueryHandler<MapFhirToOmopQuery> {
  constructor(private readonly vocabulary: VocabularyLookup) {}

  async execute(query: MapFhirToOmopQuery): Promise<OmopMappingAnswer> {
    try {
      const input = readFhirInput(query.fhirResources);
      const check = await checkFhirInput(query.fhirResources, {
        field: 'fhir_resources',
        strict: query.strict,
        signal: RequestContext.signal(),
      });
      if (check.errors.length > 0) throw invalid(check.errors);
      const problems = checkFhirShapes(input.entries);
      if (problems.length > 0) throw invalid(problems);
      const result = await mapFhirToOmop(query.fhirResources, {
        concepts: this.vocabulary,
        ids: new HashedOmopIdAllocator(),
        vocabVersion: query.vocabVersion,
        signal: RequestContext.signal(),
      });
      return { ...result, warnings: warningLines(check) };
    } catch (error) {
      if (error instanceof FhirInputError) throw invalid(error.problems);
      throw error;
    }
  }
}
