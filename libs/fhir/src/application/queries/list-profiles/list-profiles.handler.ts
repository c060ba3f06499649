import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { RequestContext } from '@app/shared';
import type { CustomProfile } from '../../../domain/profiles/custom-profile.js';
import { ProfileRepository } from '../../ports/profile.repository.js';
import { ListProfilesQuery } from './list-profiles.query.js';

@QueryHandler(ListProfilesQuery)
export class ListProfilesHandler implements IQueryHandler<ListProfilesQuery> {
  constructor(private readonly profiles: ProfileRepository) {}

  execute(query: ListProfilesQuery): Promise<CustomProfile[]> {
    return this.profiles.list(RequestContext.requireTenant().accountId, query.url);
  }
}
