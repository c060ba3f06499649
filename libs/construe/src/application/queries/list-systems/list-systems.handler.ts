import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { BUILTIN_SYSTEMS, NOT_LOADED_VERSION } from '../../../domain/builtin-systems.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { ListSystemsQuery, type ListedSystem } from './list-systems.query.js';

/** Builtin systems (the reserved ones even when not loaded) and the caller's custom systems. */
@QueryHandler(ListSystemsQuery)
export class ListSystemsHandler implements IQueryHandler<ListSystemsQuery> {
  constructor(private readonly systems: CodeSystemRepository) {}

  async execute({ accountId }: ListSystemsQuery): Promise<ListedSystem[]> {
    const stored = await this.systems.listOwned(accountId);
    const builtins: ListedSystem[] = BUILTIN_SYSTEMS.flatMap((builtin): ListedSystem[] => {
      const loaded = stored.find((system) => system.builtin && system.name === builtin.name);
      if (loaded) return [loaded];
      return builtin.alwaysListed
        ? [
            {
              name: builtin.name,
              version: NOT_LOADED_VERSION,
              codeCount: 0,
              builtin: true,
              status: 'ready' as const,
            },
          ]
        : [];
    });
    return [...builtins, ...stored.filter((system) => !system.builtin)].map(
      ({ name, version, codeCount, builtin, status }) => ({
        name,
        version,
        codeCount,
        builtin,
        status,
      }),
    );
  }
}
