import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import { PHENOCR_SYSTEM_NAMES, phenocrSystem } from '../../../domain/phenocr-systems.js';
import { ExtractCodesQuery } from '../extract-codes/extract-codes.query.js';
import { PhenocrQuery } from './phenocr.query.js';

/**
 * Alpha: phenocr here is the extraction engine's candidate generation (description phrases
 * and written codes, longest non-overlapping spans) restricted to the systems phenocr names.
 */
@QueryHandler(PhenocrQuery)
export class PhenocrHandler implements IQueryHandler<PhenocrQuery> {
  constructor(private readonly queries: QueryBus) {}

  execute({ accountId, text, system, version }: PhenocrQuery) {
    const name = phenocrSystem(system);
    if (!name) {
      throw AppError.badRequest(
        'CONSTRUE.PHENOCR_UNSUPPORTED_SYSTEM',
        `phenocr supports ${PHENOCR_SYSTEM_NAMES.join(', ')}; not ${system}`,
      );
    }
    return this.queries.execute(new ExtractCodesQuery(accountId, text, name, version));
  }
}
