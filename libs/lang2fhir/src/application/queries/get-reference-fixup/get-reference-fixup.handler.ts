import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import type { ReferenceFixup } from '../../../domain/bundle/reference-fixup.js';
import { Lang2FhirErrorCodes } from '../../../domain/lang2fhir-errors.js';
import { ReferenceFixupRepository } from '../../ports/reference-fixup.repository.js';
import { GetReferenceFixupQuery } from './get-reference-fixup.query.js';

@QueryHandler(GetReferenceFixupQuery)
export class GetReferenceFixupHandler implements IQueryHandler<GetReferenceFixupQuery> {
  constructor(private readonly fixups: ReferenceFixupRepository) {}

  async execute({ accountId, id }: GetReferenceFixupQuery): Promise<ReferenceFixup> {
    const fixup = await this.fixups.findOwned(accountId, id);
    if (!fixup)
      throw AppError.notFound(Lang2FhirErrorCodes.FIXUP_NOT_FOUND, `No reference fix-up ${id}`);
    return fixup;
  }
}
