import { Optional } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { BuiltinProfileCatalog } from '../../ports/builtin-profile-catalog.js';
import { ProfileRepository } from '../../ports/profile.repository.js';
import { ListProfilesQuery, type ListedProfiles } from './list-profiles.query.js';

@QueryHandler(ListProfilesQuery)
export class ListProfilesHandler implements IQueryHandler<ListProfilesQuery> {
  constructor(
    private readonly profiles: ProfileRepository,
    @Optional() private readonly catalog?: BuiltinProfileCatalog,
  ) {}

  async execute(query: ListProfilesQuery): Promise<ListedProfiles> {
    const custom = await this.profiles.listOwned(query.accountId, query.url);
    if (!query.includeBuiltin || !this.catalog) return { custom, builtin: [] };
    const builtin = this.catalog
      .list()
      .filter(
        (profile) =>
          query.url === undefined ||
          profile.url === query.url ||
          `${profile.url}|${profile.version}` === query.url,
      );
    return { custom, builtin: [...builtin] };
  }
}
