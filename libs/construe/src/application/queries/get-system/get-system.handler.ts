import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { resolveSystem } from '../../system-resolver.js';
import { GetSystemQuery } from './get-system.query.js';

@QueryHandler(GetSystemQuery)
export class GetSystemHandler implements IQueryHandler<GetSystemQuery> {
  constructor(private readonly systems: CodeSystemRepository) {}

  execute({ accountId, name, version }: GetSystemQuery) {
    return resolveSystem(this.systems, accountId, name, version);
  }
}
