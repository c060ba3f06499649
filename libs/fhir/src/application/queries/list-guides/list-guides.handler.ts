import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { RequestContext } from '@app/shared';
import type { ImplementationGuide } from '../../../domain/profiles/custom-profile.js';
import { ProfileRepository } from '../../ports/profile.repository.js';
import { ListGuidesQuery } from './list-guides.query.js';

@QueryHandler(ListGuidesQuery)
export class ListGuidesHandler implements IQueryHandler<ListGuidesQuery> {
  constructor(private readonly profiles: ProfileRepository) {}

  execute(): Promise<ImplementationGuide[]> {
    return this.profiles.listGuides(RequestContext.requireTenant().accountId);
  }
}
