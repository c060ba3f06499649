import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ImplementationGuide } from '../../../domain/profiles/custom-profile.js';
import { ProfileRepository } from '../../ports/profile.repository.js';
import { ListGuidesQuery } from './list-guides.query.js';

@QueryHandler(ListGuidesQuery)
export class ListGuidesHandler implements IQueryHandler<ListGuidesQuery> {
  constructor(private readonly profiles: ProfileRepository) {}

  execute(query: ListGuidesQuery): Promise<ImplementationGuide[]> {
    return this.profiles.listOwnedGuides(query.accountId);
  }
}
