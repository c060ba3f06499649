import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import { codeKey } from '../../../domain/builtin-systems.js';
import { CodeReader } from '../../ports/code-reader.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { resolveSystem } from '../../system-resolver.js';
import { GetCodeQuery } from './get-code.query.js';

@QueryHandler(GetCodeQuery)
export class GetCodeHandler implements IQueryHandler<GetCodeQuery> {
  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly codes: CodeReader,
  ) {}

  async execute({ accountId, name, code, version }: GetCodeQuery) {
    const system = await resolveSystem(this.systems, accountId, name, version);
    const found = await this.codes.findCode(system.id, codeKey(code));
    if (!found)
      throw AppError.notFound(
        'CONSTRUE.CODE_NOT_FOUND',
        `No code ${code} in ${system.name} ${system.version}`,
      );
    return { system: { name: system.name, version: system.version }, ...found };
  }
}
