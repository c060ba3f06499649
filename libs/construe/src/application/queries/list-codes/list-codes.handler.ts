import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError, CommonErrorCodes, decodeCursor, encodeCursor } from '@app/shared';
import { CodeReader } from '../../ports/code-reader.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { resolveSystem } from '../../system-resolver.js';
import { ListCodesQuery, type CodePage } from './list-codes.query.js';

const MAX_SEQ = 2_147_483_647;

/** Keyset pagination in system order: the cursor carries the last position, bound to its system. */
@QueryHandler(ListCodesQuery)
export class ListCodesHandler implements IQueryHandler<ListCodesQuery> {
  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly codes: CodeReader,
  ) {}

  async execute({ accountId, name, version, cursor, limit }: ListCodesQuery): Promise<CodePage> {
    const system = await resolveSystem(this.systems, accountId, name, version);
    const scope = `codes:${system.id}`;
    const afterSeq = cursor === undefined ? 0 : decodeCursor(scope, cursor)[0];
    // seq is an integer column: a forged cursor outside its range must not reach SQL.
    if (typeof afterSeq !== 'number' || afterSeq < 0 || afterSeq > MAX_SEQ)
      throw AppError.badRequest(
        CommonErrorCodes.INVALID_CURSOR,
        'cursor is not valid for this listing',
      );
    const rows = await this.codes.listCodes(system.id, afterSeq, limit + 1);
    const page = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    return {
      system: { name: system.name, version: system.version },
      codes: page.map(({ code, description, definition }) =>
        definition === undefined ? { code, description } : { code, description, definition },
      ),
      nextCursor: hasMore ? encodeCursor(scope, [page[page.length - 1].seq]) : null,
      hasMore,
    };
  }
}
