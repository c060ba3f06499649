import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import type { SystemCode } from '../../../domain/code-system.js';
import { CodeReader } from '../../ports/code-reader.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { resolveSystem } from '../../system-resolver.js';
import { ExportSystemQuery, type ExportedSystem } from './export-system.query.js';

const PAGE = 1_000;

/** Every code of a custom system in upload order; builtin systems are the vocabulary's, not exportable. */
@QueryHandler(ExportSystemQuery)
export class ExportSystemHandler implements IQueryHandler<ExportSystemQuery> {
  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly codes: CodeReader,
  ) {}

  async execute({ accountId, name, version }: ExportSystemQuery): Promise<ExportedSystem> {
    const system = await resolveSystem(this.systems, accountId, name, version);
    if (system.builtin) {
      throw AppError.forbidden(
        'CONSTRUE.BUILTIN_NOT_EXPORTABLE',
        `${system.name} is a builtin system; only custom systems can be exported`,
      );
    }
    if (system.status === 'processing') {
      throw AppError.conflict(
        'CONSTRUE.SYSTEM_PROCESSING',
        `${system.name} ${system.version} is still processing; export it once it is ready`,
      );
    }
    if (system.status === 'failed') {
      throw new AppError(
        424,
        'CONSTRUE.SYSTEM_FAILED',
        `${system.name} ${system.version} failed to process: ${system.error ?? 'unknown error'}`,
      );
    }
    const codes: SystemCode[] = [];
    for (let afterSeq = 0; ;) {
      const rows = await this.codes.listCodes(system.id, afterSeq, PAGE);
      for (const { code, description, definition } of rows) {
        codes.push(
          definition === undefined ? { code, description } : { code, description, definition },
        );
      }
      if (rows.length < PAGE) break;
      afterSeq = rows[rows.length - 1].seq;
    }
    return { name: system.name, version: system.version, format: 'json', codes };
  }
}
